#!/usr/bin/env bash
# Remakes docs/deck-reference.md from the readers' own key checks over every shipped deck (the
# test FirstHour.DeckReferenceIsCurrent fails when the committed file differs).
#   bash ci/deck-reference.sh [PORTAFLOW_BINARY]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
binary="${1:-build/openmp/bin/portaflow}"
mapfile -t decks < <(find "$PWD/inputs" -name '*.yaml' | LC_ALL=C sort)
"$binary" list --keys "${decks[@]}" >docs/deck-reference.md.tmp
mv docs/deck-reference.md.tmp docs/deck-reference.md
echo "wrote docs/deck-reference.md ($(grep -c '^| `' docs/deck-reference.md) keys over ${#decks[@]} decks)"

#!/usr/bin/env bash
# The source tree's own rules, checked in CI before anything is built:
#   - every C++ file is formatted as .clang-format says (clang-format 14 from Debian);
#   - dependencies point one way between the layers (ci/check_layers.py);
#   - no file cites a document outside the repository or an internal work name.
#   bash ci/check-source.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash ci/setup-deps.sh format >/dev/null || exit 1

status=0
unformatted=$(git ls-files '*.cpp' '*.hpp' '*.h' | xargs clang-format --dry-run 2>&1 |
  grep -E '^[^ ].*: warning:' | cut -d: -f1 | sort -u)
if [ -n "$unformatted" ]; then
  echo "format: these files differ from .clang-format (run clang-format -i on them):"
  echo "$unformatted" | sed 's/^/  /'
  status=1
else
  echo "format: $(git ls-files '*.cpp' '*.hpp' '*.h' | wc -l) files as .clang-format says"
fi

python3 ci/check_layers.py || status=1

# A user's clone must explain itself: no pointer to files it lacks, no internal work names.
leaks=$(git grep -n -I -E 'seed[ ]00[0-9]|DESIGN\.md|STYLE\.md|\.\./shared' -- . ':!ci/check-source.sh')
if [ -n "$leaks" ]; then
  echo "citations: these lines point at documents outside the repository:"
  echo "$leaks" | head -20 | sed 's/^/  /'
  status=1
else
  echo "citations: no file points outside the repository"
fi
exit $status

"""The structured-grid pieces (.vts) of a portaflow multi-block output as numpy arrays, for the
perf scripts that plot and check solutions (no VTK Python module needed): the arrays are read
by ci/deck_outputs.py's reader, the block sizes from each piece's extent."""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ci"))
from deck_outputs import read_vtk_xml  # noqa: E402


def read_vtm(path):
    """Every block a .vtm names, in its order: {'name', 'nodes': (ni, nj, nk), 'points': (n, 3),
    and each point array by name: (n,) or (n, components)}."""
    blocks = []
    for item in ET.parse(path).getroot().iter("DataSet"):
        piece = Path(path).parent / item.get("file")
        raw = piece.read_bytes()
        head = raw[:raw.find(b"<PointData")].decode()
        extent = [int(v) for v in head.split('Extent="')[1].split('"')[0].split()]
        nodes = (extent[1] - extent[0] + 1, extent[3] - extent[2] + 1, extent[5] - extent[4] + 1)
        count = nodes[0] * nodes[1] * nodes[2]
        block = {"name": item.get("name", ""), "nodes": nodes}
        for name, values in read_vtk_xml(piece).items():
            a = np.asarray(values)
            block["points" if name == "Points[0]" else name] = (
                a.reshape(count, -1) if a.size > count else a)
        blocks.append(block)
    return blocks

"""PortaFlow's VTK XML data sets (.vtr, .vts, .vtu) read back with the standard library and numpy.

src/io/vtk_writer.cpp writes the XML head, then "_" and every array as raw bytes (a UInt64 size,
then the values), no compression. Inline ascii and base64 arrays are read too, so a file saved
again by ParaView in those modes still plots; compressed files are refused with a message.
"""
import base64
import os
import xml.etree.ElementTree as ElementTree

import numpy as np

from .run_files import Skip

_TYPES = {"Float64": "f8", "Float32": "f4", "Int64": "i8", "Int32": "i4", "Int16": "i2",
          "Int8": "i1", "UInt64": "u8", "UInt32": "u4", "UInt16": "u2", "UInt8": "u1"}


class DataSet:
    """What the plots need of one piece: point and cell arrays, and its geometry.

    Arrays of several components have shape (tuples, components); of one, (tuples,).
    `axes` (rectilinear: x, y, z point coordinates), `points` (structured and unstructured:
    (n, 3)), `extent` (structured: points per direction) and `cells` (unstructured:
    connectivity, offsets, types) are set as the file type has them.
    """

    def __init__(self, kind):
        self.kind = kind
        self.point_data, self.cell_data = {}, {}
        self.axes, self.points, self.extent, self.cells = None, None, None, {}


def read(path):
    """The first piece of the VTK XML file at `path`, as a DataSet; Skip if it cannot be read."""
    name = os.path.basename(path)
    with open(path, "rb") as f:
        raw = f.read()
    appended = b""
    start = raw.find(b"<AppendedData")
    if start >= 0:
        underscore = raw.find(b"_", raw.find(b">", start))
        if underscore < 0:
            raise Skip("%s: its appended data has no '_' marker" % name)
        # The XML head closed by hand: the raw bytes after "_" are not XML.
        appended = raw[underscore + 1:]
        raw = raw[:start] + b"</VTKFile>"
    try:
        root = ElementTree.fromstring(raw)
    except ElementTree.ParseError as e:
        raise Skip("%s is not VTK XML (%s)" % (name, e))
    if root.get("compressor"):
        raise Skip("%s is compressed (%s), which this reader does not read"
                   % (name, root.get("compressor")))
    order = "<" if root.get("byte_order", "LittleEndian") == "LittleEndian" else ">"
    header = order + _TYPES.get(root.get("header_type", "UInt32"), "u4")
    kind = root.get("type", "")
    grid = root.find(kind)
    piece = grid.find("Piece") if grid is not None else None
    if piece is None:
        raise Skip("%s: no %s piece" % (name, kind or "data set"))

    def arrays(section):
        found = {}
        element = piece.find(section)
        if element is None:
            return found
        for array in element.findall("DataArray"):
            values = _values(array, appended, order, header, name)
            components = int(array.get("NumberOfComponents", "1"))
            if components > 1:
                values = values.reshape(-1, components)
            found[array.get("Name", "")] = values
        return found

    data = DataSet(kind)
    data.point_data, data.cell_data = arrays("PointData"), arrays("CellData")
    if kind == "RectilinearGrid":
        axes = arrays("Coordinates")
        data.axes = [axes[n] for n in axes]
    elif kind in ("StructuredGrid", "UnstructuredGrid"):
        points = arrays("Points")
        data.points = next(iter(points.values()), None)
        data.cells = arrays("Cells")
    else:
        raise Skip("%s is a VTK %s, not a grid this reader knows" % (name, kind or "file"))
    extent = piece.get("Extent") or (grid.get("WholeExtent") if grid is not None else None)
    if extent:
        e = [int(v) for v in extent.split()]
        data.extent = [e[1] - e[0] + 1, e[3] - e[2] + 1, e[5] - e[4] + 1]
    return data


def _values(array, appended, order, header, name):
    dtype = np.dtype(order + _TYPES.get(array.get("type", ""), "f8"))
    form = array.get("format", "ascii")
    if form == "appended":
        offset = int(array.get("offset", "0"))
        size_type = np.dtype(header)
        size = int(np.frombuffer(appended, size_type, 1, offset)[0])
        begin = offset + size_type.itemsize
        if begin + size > len(appended):
            raise Skip("%s: array '%s' runs past the end of the file (cut short?)"
                       % (name, array.get("Name", "")))
        return np.frombuffer(appended, dtype, size // dtype.itemsize, begin).copy()
    if form == "binary":
        size_type = np.dtype(header)
        raw = base64.b64decode("".join((array.text or "").split()))
        size = int(np.frombuffer(raw, size_type, 1, 0)[0])
        return np.frombuffer(raw, dtype, size // dtype.itemsize, size_type.itemsize).copy()
    return np.array((array.text or "").split(), dtype=dtype)


def cell_grid(data, field):
    """A rectilinear data set's cell array `field` as (x edges, y edges, values[j, i]); 2D only."""
    if data.kind != "RectilinearGrid" or field not in data.cell_data:
        raise Skip("no cell array '%s' on a rectilinear grid" % field)
    x, y = data.axes[0], data.axes[1]
    nx, ny = max(len(x) - 1, 1), max(len(y) - 1, 1)
    values = data.cell_data[field]
    if values.size != nx * ny:
        raise Skip("cell array '%s' has %d values for %d x %d cells" % (field, values.size, nx, ny))
    return x, y, values.reshape(ny, nx)  # i fastest, as VTK orders cells


def element_corners(data):
    """A Lagrange-element data set's cells as corner quadrilaterals, (cells, 4, 2).

    VTK's Lagrange quadrilateral lists its 4 corners first (counter-clockwise), so the corner
    polygon of each element is its first 4 points; curved edges are drawn straight.
    """
    offsets = data.cells.get("offsets")
    connectivity = data.cells.get("connectivity")
    if offsets is None or connectivity is None or data.points is None:
        raise Skip("the elements' points or cells are missing")
    starts = np.concatenate(([0], offsets[:-1])).astype(np.int64)
    if np.any(offsets - starts < 4):
        raise Skip("some cells have fewer than 4 points: not quadrilaterals")
    corners = connectivity[starts[:, None] + np.arange(4)[None, :]]
    return data.points[corners][:, :, :2]

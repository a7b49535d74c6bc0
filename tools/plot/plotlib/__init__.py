"""The pieces of `portaflow plot`: reading a run folder and drawing what it holds.

kinds        the plots there are (free of matplotlib: the command line needs it first)
run_files    the run folder: resolved deck, CSV tables, data sets, what the run is
vtk_xml      PortaFlow's own VTK XML files (.vtr, .vts, .vtu) read back with numpy
references   exact and published solutions to draw beside a run
figures      the common figure style and the atomic save
history      history.csv
lineouts     1D profiles and 2D line-outs
fields       2D density maps
surface      surface pressure and friction (multiblock, incompressible)
validation   the incompressible solver's cavity and flat-plate checks
catalogue    which plots a run gets, and what draws each
"""

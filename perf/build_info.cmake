# Run at build time (cmake -P) so the commit in the benchmark's results is the commit built, not
# the one configured. Writes OUTPUT from TEMPLATE; configure_file leaves OUTPUT untouched when
# nothing changed, so an unchanged commit rebuilds nothing.
#   cmake -DSOURCE_DIR=... -DTEMPLATE=... -DOUTPUT=... -DPORTAFLOW_VERSION=... [other -D...] -P
set(PORTAFLOW_COMMIT "unknown")
set(PORTAFLOW_TREE_DIRTY "false")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE commit RESULT_VARIABLE status ERROR_QUIET
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(status EQUAL 0 AND commit)
    set(PORTAFLOW_COMMIT "${commit}")
    execute_process(COMMAND ${GIT_EXECUTABLE} status --porcelain --untracked-files=no
                    WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE changes ERROR_QUIET)
    if(changes)
      set(PORTAFLOW_TREE_DIRTY "true")
    endif()
  endif()
endif()
foreach(var PORTAFLOW_COMPILER PORTAFLOW_CXX_FLAGS)
  string(REPLACE "\\" "\\\\" ${var} "${${var}}")
  string(REPLACE "\"" "\\\"" ${var} "${${var}}")
endforeach()
configure_file(${TEMPLATE} ${OUTPUT} @ONLY)

# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Checks what libclslice holds (test_lib_symbols):
#   - it defines none of the test hooks that src/opencl/testing/testing.h
#     declares (they live in the clslice_internal archive only);
#   - as a shared library, it exports nothing but clslice_* functions and
#     data (everything else is hidden: CLSLICE_API marks the exports).
# Its own internals must show up in the symbol table, or the first check
# would pass on a stripped library without looking at anything.
# Run as: cmake -DNM=<nm> -DLIBRARY=<libclslice> -DTESTING=<testing.h>
#         -P check_symbols.cmake
foreach(var NM LIBRARY TESTING)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_symbols.cmake: ${var} is not set")
  endif()
endforeach()

# The functions testing.h declares: "cs_name(" at a line's start or after
# a return type.
file(STRINGS ${TESTING} lines REGEX "cs_[a-z0-9_]+\\(")
set(hooks "")
foreach(line ${lines})
  if(line MATCHES "^[ \t]*/?\\*") # comments mention functions too
    continue()
  endif()
  string(REGEX MATCH "cs_[a-z0-9_]+\\(" name "${line}")
  string(REPLACE "(" "" name "${name}")
  list(APPEND hooks ${name})
endforeach()
list(REMOVE_DUPLICATES hooks)
list(LENGTH hooks hook_count)
if(hook_count LESS 5)
  message(FATAL_ERROR "found only ${hook_count} test hooks in ${TESTING}")
endif()

function(symbols out)
  execute_process(COMMAND ${NM} ${ARGN} ${LIBRARY} OUTPUT_VARIABLE text
                  ERROR_VARIABLE error RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${ARGN} ${LIBRARY} failed: ${error}")
  endif()
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(problems "")
symbols(defined --defined-only)
set(names "")
foreach(line ${defined})
  if(line MATCHES " [A-Za-z] ([A-Za-z0-9_.]+)$")
    list(APPEND names ${CMAKE_MATCH_1})
  endif()
endforeach()
list(FIND names cs_call_check seen)
if(seen LESS 0)
  message(FATAL_ERROR "${LIBRARY} lists no internal symbol (stripped?): "
                      "cannot tell what it defines")
endif()
foreach(hook ${hooks})
  list(FIND names ${hook} at)
  if(at GREATER -1)
    list(APPEND problems "defines the test hook ${hook}")
  endif()
endforeach()

if(LIBRARY MATCHES "\\.so(\\.[0-9]+)*$")
  symbols(exported -D --defined-only)
  foreach(line ${exported})
    # global code and data; the linker's own markers are absolute (A)
    if(line MATCHES " [TDBRVW] ([A-Za-z0-9_.@]+)$")
      set(name ${CMAKE_MATCH_1})
      if(NOT name MATCHES "^clslice_" AND NOT name MATCHES "^_(init|fini)$")
        list(APPEND problems "exports ${name}")
      endif()
    endif()
  endforeach()
endif()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "${LIBRARY}:\n  ${text}")
endif()
message(STATUS "${LIBRARY}: none of ${hook_count} test hooks, exports only "
               "clslice_*")

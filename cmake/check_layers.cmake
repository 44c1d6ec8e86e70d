# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Checks the include structure of the library (test_lib_layers):
#   - src/core is one folder per idea, stated in CORE_LAYERS from the
#     bottom up; every file lies in one of them, includes no OpenCL header
#     and nothing of src/opencl, names internal headers by their path
#     ("core/<folder>/x.h") and includes only from its own folder or one
#     listed before it;
#   - every file of src/opencl/<layer>/ includes internal headers by their
#     layer path ("opencl/<layer>/x.h", "core/<folder>/x.h") and only from
#     its own layer or one listed before it in LAYERS, so testing/ may use
#     everything and nothing uses testing/;
#   - src/mpi (libclslice-mpi) is a client of the public API: its files
#     lie directly in src/mpi/ and include the public headers and their
#     own ("mpi/x.h"), never core/ or opencl/;
#   - runtime/state.h, the runtime's private state, is included only by
#     runtime/runtime.c, runtime/shared.c (the list of shared runtimes,
#     linked through that state) and the test hooks;
#   - the headers, and each .c file seen as part of its own header, form
#     no include circle (runtime/state.h, the private half of
#     runtime/runtime.h, counts as part of it).
# Run as: cmake -DSOURCE_DIR=<repository> -P check_layers.cmake
if(NOT DEFINED SOURCE_DIR)
  message(FATAL_ERROR "check_layers.cmake: SOURCE_DIR is not set")
endif()

set(CORE_LAYERS plan fronts layout dynamic interval split concat csr host shard)
set(LAYERS base select runtime run ops testing)
set(problems "")
set(nodes "")

# The quoted includes of a file.
function(quoted_includes file out)
  file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]+\"")
  set(names "")
  foreach(line ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]+\"([^\"]+)\".*" "\\1"
           name "${line}")
    list(APPEND names ${name})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# The node a file stands for in the circle check: a header itself; a .c
# file its own header when there is one beside it.
function(node_of rel out)
  set(node ${rel})
  if(rel MATCHES "\\.c$")
    string(REGEX REPLACE "\\.c$" ".h" header "${rel}")
    if(EXISTS ${SOURCE_DIR}/src/${header})
      set(node ${header})
    endif()
  endif()
  module_of(${node} node)
  set(${out} ${node} PARENT_SCOPE)
endfunction()

# Headers that are the private half of another (module header after "=").
set(EXTENSIONS "opencl/runtime/state.h=opencl/runtime/runtime.h")

# The module a header belongs to: itself, or the header it extends.
function(module_of header out)
  set(${out} ${header} PARENT_SCOPE)
  foreach(pair ${EXTENSIONS})
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 part)
    list(GET pair 1 whole)
    if(header STREQUAL part)
      set(${out} ${whole} PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

# Adds the edge from -> to (both paths relative to src/).
macro(add_edge from to)
  string(MAKE_C_IDENTIFIER "${from}" key)
  list(APPEND edges_${key} ${to})
  list(APPEND nodes ${from} ${to})
endmacro()

# ---- src/core ---------------------------------------------------------------
file(GLOB_RECURSE core_files RELATIVE ${SOURCE_DIR}/src
     ${SOURCE_DIR}/src/core/*.c ${SOURCE_DIR}/src/core/*.h)
foreach(rel ${core_files})
  if(NOT rel MATCHES "^core/([a-z_]+)/[^/]+$")
    list(APPEND problems "${rel} lies outside src/core's folders")
    continue()
  endif()
  set(own ${CMAKE_MATCH_1})
  list(FIND CORE_LAYERS ${own} own_rank)
  if(own_rank LESS 0)
    list(APPEND problems "${rel}: core/${own}/ is not one of ${CORE_LAYERS}")
    continue()
  endif()
  quoted_includes(${SOURCE_DIR}/src/${rel} names)
  file(STRINGS ${SOURCE_DIR}/src/${rel} cl_lines
       REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](CL/|clslice_cl\\.h)")
  if(cl_lines)
    list(APPEND problems "${rel} includes OpenCL: ${cl_lines}")
  endif()
  node_of(${rel} node)
  foreach(name ${names})
    if(name MATCHES "^clslice(_device)?\\.h$")
      continue()
    elseif(name MATCHES "^opencl/")
      list(APPEND problems "${rel} includes ${name}: core is below OpenCL")
    elseif(name MATCHES "^core/([a-z_]+)/[^/]+$")
      list(FIND CORE_LAYERS ${CMAKE_MATCH_1} rank)
      if(rank LESS 0 OR rank GREATER own_rank)
        list(APPEND problems
             "${rel} (core/${own}) includes ${name}, a higher folder")
      endif()
      add_edge(${node} ${name})
    else()
      list(APPEND problems
           "${rel} includes \"${name}\": name internal headers by path")
    endif()
  endforeach()
endforeach()

# ---- src/opencl -------------------------------------------------------------
file(GLOB_RECURSE opencl_files RELATIVE ${SOURCE_DIR}/src
     ${SOURCE_DIR}/src/opencl/*.c ${SOURCE_DIR}/src/opencl/*.h)
foreach(rel ${opencl_files})
  if(NOT rel MATCHES "^opencl/([a-z_]+)/[^/]+$")
    list(APPEND problems "${rel} lies outside the layer folders")
    continue()
  endif()
  set(own ${CMAKE_MATCH_1})
  list(FIND LAYERS ${own} own_rank)
  if(own_rank LESS 0)
    list(APPEND problems "${rel}: ${own}/ is not a layer of ${LAYERS}")
    continue()
  endif()
  quoted_includes(${SOURCE_DIR}/src/${rel} names)
  node_of(${rel} node)
  foreach(name ${names})
    if(name MATCHES "^clslice(_cl)?\\.h$" OR name MATCHES "\\.def$")
      continue()
    elseif(name MATCHES "^core/[a-z_]+/[^/]+$")
      add_edge(${node} ${name})
    elseif(name MATCHES "^opencl/([a-z_]+)/")
      set(layer ${CMAKE_MATCH_1})
      list(FIND LAYERS ${layer} rank)
      if(rank LESS 0 OR rank GREATER own_rank)
        list(APPEND problems
             "${rel} (layer ${own}) includes ${name}, a higher layer")
      endif()
      if(name STREQUAL "opencl/runtime/state.h" AND
         NOT rel STREQUAL "opencl/runtime/runtime.c" AND
         NOT rel STREQUAL "opencl/runtime/shared.c" AND
         NOT own STREQUAL "testing")
        list(APPEND problems "${rel} includes the runtime's private state")
      endif()
      module_of(${name} target)
      add_edge(${node} ${target})
    else()
      list(APPEND problems
           "${rel} includes \"${name}\": name internal headers by layer path")
    endif()
  endforeach()
endforeach()

# ---- src/mpi ----------------------------------------------------------------
file(GLOB_RECURSE mpi_files RELATIVE ${SOURCE_DIR}/src
     ${SOURCE_DIR}/src/mpi/*.c ${SOURCE_DIR}/src/mpi/*.h)
foreach(rel ${mpi_files})
  if(NOT rel MATCHES "^mpi/[^/]+$")
    list(APPEND problems "${rel} lies below src/mpi/, which has no folders")
    continue()
  endif()
  quoted_includes(${SOURCE_DIR}/src/${rel} names)
  node_of(${rel} node)
  foreach(name ${names})
    if(name MATCHES "^clslice(_cl|_mpi)?\\.h$")
      continue()
    elseif(name MATCHES "^mpi/[^/]+$")
      add_edge(${node} ${name})
    else()
      list(APPEND problems
           "${rel} includes \"${name}\": src/mpi uses the public API only")
    endif()
  endforeach()
endforeach()

# ---- circles ---------------------------------------------------------------
# Peels off nodes with no edge to the nodes left (Kahn's algorithm), then
# nodes with no edge from them: what is left lies on a circle.
function(peel forward out)
  set(left ${nodes})
  set(progress TRUE)
  while(left AND progress)
    set(progress FALSE)
    set(still "")
    foreach(n ${left})
      set(blocked FALSE)
      foreach(m ${left})
        if(forward)
          set(from ${n})
          set(to ${m})
        else()
          set(from ${m})
          set(to ${n})
        endif()
        string(MAKE_C_IDENTIFIER "${from}" key)
        list(FIND edges_${key} ${to} at)
        if(at GREATER -1 AND NOT from STREQUAL to)
          set(blocked TRUE)
          break()
        endif()
      endforeach()
      if(blocked)
        list(APPEND still ${n})
      else()
        set(progress TRUE)
      endif()
    endforeach()
    set(left ${still})
  endwhile()
  set(${out} ${left} PARENT_SCOPE)
endfunction()

list(REMOVE_DUPLICATES nodes)
peel(TRUE reaching)
if(reaching)
  set(nodes ${reaching})
  peel(FALSE circle)
  list(JOIN circle ", " text)
  list(APPEND problems "an include circle runs through: ${text}")
endif()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "layer check failed:\n  ${text}")
endif()
list(LENGTH nodes count)
message(STATUS "layers: ${count} files and headers, no upward include, "
               "no circle")

# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# Turns one OpenCL C source into a C file defining
#   const char <SYMBOL>[] = { ..., 0 };
# so the library carries its kernels and users never ship .cl files.
# Run as: cmake -DINPUT=x.cl -DOUTPUT=x.c -DSYMBOL=name [-DPREPEND=a.h|b.h]
#         -P embed_cl.cmake
#
# A byte array rather than a string literal: ISO C only promises string
# literals of 4095 characters (-Wpedantic warns past that), and no escaping
# of the source text is needed.
foreach(var INPUT OUTPUT SYMBOL)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_cl.cmake: ${var} is not set")
  endif()
endforeach()

# PREPEND (optional): files, separated by "|", whose text goes first in
# that order, e.g. headers that the host compiles too, so the kernel needs
# no #include at run time.
file(READ "${INPUT}" hex HEX)
if(PREPEND)
  string(REPLACE "|" ";" prepend_files "${PREPEND}")
  set(head "")
  foreach(file ${prepend_files})
    file(READ "${file}" text HEX)
    string(APPEND head "${text}0a")
  endforeach()
  # a line saying where the kernel's own text starts, for build logs
  file(RELATIVE_PATH input_name "${CMAKE_CURRENT_LIST_DIR}/.." "${INPUT}")
  string(HEX "#line 1 \"${input_name}\"\n" marker)
  set(hex "${head}${marker}${hex}")
endif()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# One line of output per line of source keeps the generated file readable.
string(REPLACE "0x0a," "0x0a,\n    " bytes "${bytes}")

file(WRITE "${OUTPUT}.tmp"
  "/* Generated from ${INPUT} by cmake/embed_cl.cmake; do not edit. */\n"
  "const char ${SYMBOL}[] = {\n    ${bytes}0x00\n};\n")
# configure_file only rewrites on change: dependants do not rebuild
# needlessly.
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)
file(REMOVE "${OUTPUT}.tmp")

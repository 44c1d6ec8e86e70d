# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
# What `cmake --install` puts under the prefix: the headers, libclslice and
# libclslice-core, the tool, a CMake package (find_package(clslice)) and
# pkg-config files.  Included from the top CMakeLists.txt when CLSLICE_INSTALL.
include(CMakePackageConfigHelpers)

set(CLSLICE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/clslice)

install(FILES include/clslice.h include/clslice_cl.h include/clslice_device.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
# The license and the attribution of the conformance cases travel with the
# binaries (share/doc/clslice), as the Apache License asks of redistributors.
install(FILES LICENSE NOTICE DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Two export sets, so that a CPU-only user can load clslice::core without
# OpenCL being found (find_package(clslice COMPONENTS core)).
install(TARGETS clslice_core_lib EXPORT clsliceCoreTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS clslice EXPORT clsliceTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT clsliceCoreTargets NAMESPACE clslice::
        FILE clsliceCoreTargets.cmake DESTINATION ${CLSLICE_CMAKE_DIR})
install(EXPORT clsliceTargets NAMESPACE clslice::
        FILE clsliceTargets.cmake DESTINATION ${CLSLICE_CMAKE_DIR})
if(TARGET clslice_cli)
  # The installed tool finds a shared libclslice beside it in any prefix;
  # no RUNPATH where the library lands in a directory the linker searches.
  if(BUILD_SHARED_LIBS AND NOT CMAKE_INSTALL_FULL_LIBDIR IN_LIST
     CMAKE_C_IMPLICIT_LINK_DIRECTORIES)
    file(RELATIVE_PATH clslice_bin_to_lib
         ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})
    set_target_properties(clslice_cli PROPERTIES
                          INSTALL_RPATH "$ORIGIN/${clslice_bin_to_lib}")
  endif()
  install(TARGETS clslice_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# libclslice-mpi, where it is built: its header, the library and an
# export set of its own, loaded by find_package(clslice COMPONENTS mpi)
# only, so that other users need no MPI.
if(TARGET clslice_mpi)
  install(FILES include/clslice_mpi.h
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
  install(TARGETS clslice_mpi EXPORT clsliceMpiTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT clsliceMpiTargets NAMESPACE clslice::
          FILE clsliceMpiTargets.cmake DESTINATION ${CLSLICE_CMAKE_DIR})
endif()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/clsliceConfig.cmake.in
  ${PROJECT_BINARY_DIR}/clsliceConfig.cmake
  INSTALL_DESTINATION ${CLSLICE_CMAKE_DIR})
# Before 1.0 a minor release may break the API, so only the same 0.x
# series is compatible; from 1.0 on, the same major version.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(clslice_compat SameMinorVersion)
else()
  set(clslice_compat SameMajorVersion)
endif()
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/clsliceConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${clslice_compat})
install(FILES ${PROJECT_BINARY_DIR}/clsliceConfig.cmake
              ${PROJECT_BINARY_DIR}/clsliceConfigVersion.cmake
        DESTINATION ${CLSLICE_CMAKE_DIR})

# pkg-config.  The prefix is written relative to the .pc file where the
# install directories allow it, so that `cmake --install --prefix` and
# DESTDIR-style relocation still give right paths.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(CLSLICE_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(CLSLICE_PC_LIBDIR "${CMAKE_INSTALL_FULL_LIBDIR}")
  set(CLSLICE_PC_INCLUDEDIR "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
else()
  file(RELATIVE_PATH clslice_pc_up "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
  string(REGEX REPLACE "/$" "" clslice_pc_up "${clslice_pc_up}")
  set(CLSLICE_PC_PREFIX "\${pcfiledir}/${clslice_pc_up}")
  set(CLSLICE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(CLSLICE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# OpenCL is a public dependency of clslice.pc, not a private one: a
# program that includes clslice_cl.h makes OpenCL calls of its own (it
# creates the context, queue and buffers it hands over), so its link line
# needs -lOpenCL for the shared library too.  OpenCL goes in by its own .pc
# file where the system has one (its Cflags come with it), else as a plain
# -lOpenCL.  Threads stay private: only a static libclslice.a needs them.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(CLSLICE_OPENCL_PC QUIET OpenCL)
endif()
if(CLSLICE_OPENCL_PC_FOUND)
  set(CLSLICE_PC_REQUIRES "OpenCL")
  set(CLSLICE_PC_OPENCL_LIBS "")
else()
  set(CLSLICE_PC_REQUIRES "")
  set(CLSLICE_PC_OPENCL_LIBS " -lOpenCL")
endif()
set(CLSLICE_PC_LIBS_PRIVATE "${CMAKE_THREAD_LIBS_INIT}")
foreach(pc clslice clslice-core)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in
                 ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

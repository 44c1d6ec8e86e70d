# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The clslice Authors
"""Checks of the Python package as a user gets it; run by test_python.sh.

  wheel_check.py contents WHEEL
      The wheel holds each of the two libraries once, as a plain file, with
      no RPATH/RUNPATH (they need none) and no libOpenCL among its needs.
  wheel_check.py standalone [--no-loader]
      In an environment with the wheel installed: `import clslice` and host
      slicing work without loading any OpenCL library.  With --no-loader
      (run where no OpenCL ICD loader can be found) it checks that none can
      be, and that asking for one raises ClsliceOpenCLError naming
      libOpenCL.so.1.  Then, when pyopencl finds a device through its own
      loader, a device slice must equal numpy's.

Exits 1 with one line per failed check, else prints "N passed, 0 failed".
"""
import ctypes
import os
import subprocess
import sys
import tempfile
import zipfile

LIBRARIES = ("clslice/libclslice-core.so", "clslice/libclslice.so")
_failures = []
_passed = [0]


def check(ok, what):
    if ok:
        _passed[0] += 1
    else:
        _failures.append(what)
        print("FAILED: " + what, file=sys.stderr)


def dynamic_section(data):
    """The NEEDED, SONAME, RPATH and RUNPATH lines of `readelf -d` of an
    ELF image given as bytes."""
    with tempfile.NamedTemporaryFile(suffix=".so") as f:
        f.write(data)
        f.flush()
        out = subprocess.run(["readelf", "-d", f.name], check=True,
                             capture_output=True, text=True).stdout
    keep = ("(NEEDED)", "(SONAME)", "(RPATH)", "(RUNPATH)")
    return "\n".join(line.strip() for line in out.splitlines()
                     if any(k in line for k in keep))


def contents(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        shared = [n for n in names if ".so" in n.rsplit("/", 1)[-1]]
        check(sorted(shared) == sorted(LIBRARIES),
              "%s: shared libraries %s, expected exactly %s"
              % (wheel, shared, list(LIBRARIES)))
        check(any(n.endswith("licenses/LICENSE") for n in names)
              and any(n.endswith("licenses/NOTICE") for n in names),
              "%s: no LICENSE and NOTICE in its .dist-info" % wheel)
        for name in LIBRARIES:
            if name not in names:
                continue
            info = z.getinfo(name)
            # A symlink stored in a zip has S_IFLNK in the high mode bits.
            check((info.external_attr >> 16) & 0o170000 != 0o120000,
                  "%s is a symlink" % name)
            dyn = dynamic_section(z.read(name))
            check("(RPATH)" not in dyn and "(RUNPATH)" not in dyn,
                  "%s carries a search path it does not need:\n%s"
                  % (name, dyn))
            check("libOpenCL" not in dyn,
                  "%s needs libOpenCL, so the package cannot load without "
                  "a system loader:\n%s" % (name, dyn))


def opencl_mapped():
    with open("/proc/self/maps") as maps:
        return sorted({line.split()[-1] for line in maps
                       if "libOpenCL" in line})


def standalone(no_loader):
    if no_loader:
        try:
            ctypes.CDLL("libOpenCL.so.1")
            check(False, "libOpenCL.so.1 loads: the loader is not hidden")
        except OSError:
            check(True, "")

    import numpy as np
    import clslice

    x = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
    for key in (np.s_[1:, ..., None, ::-2], np.s_[::-1, 1], np.s_[...]):
        check(np.array_equal(clslice.slice(x, key), x[key]),
              "host clslice.slice(x, %r) differs from numpy" % (key,))
    check(np.array_equal(clslice.slice(x, "[1, ::-1, 2]"), x[1, ::-1, 2]),
          "host slice by expression differs from numpy")
    check(opencl_mapped() == [],
          "import and host slicing loaded OpenCL: %s" % opencl_mapped())

    if no_loader:
        from clslice import _lib
        try:
            _lib.open_opencl_loader()
            check(False, "open_opencl_loader() succeeded with no loader")
        except clslice.ClsliceOpenCLError as exc:
            check("libOpenCL.so.1" in str(exc) and "Host" in str(exc),
                  "the missing-loader error does not name libOpenCL.so.1 "
                  "or say that host slicing works: %s" % exc)

    try:
        import pyopencl as cl
        import pyopencl.array as cla
        platforms = cl.get_platforms()
    except Exception as exc:  # no pyopencl, or its loader finds nothing
        device_not_run(str(exc))
        return
    devices = [d for p in platforms for d in p.get_devices()]
    if not devices:
        device_not_run("no OpenCL device")
        return
    queue = cl.CommandQueue(cl.Context(devices[:1]))
    key = np.s_[1:, ..., ::-2]
    y = clslice.slice(cla.to_device(queue, x), key)
    check(np.array_equal(y.get(), x[key]),
          "device slice through pyopencl's loader differs from numpy")
    print("standalone: device slice on %s through %s"
          % (devices[0].name.strip(), ", ".join(opencl_mapped())))


def device_not_run(why):
    """Says why the device slice did not run; a failure where
    CLSLICE_REQUIRE_DEVICE=1 (scripts/test.sh) requires a device."""
    required = os.environ.get("CLSLICE_REQUIRE_DEVICE") == "1"
    check(not required, "CLSLICE_REQUIRE_DEVICE=1 requires an OpenCL "
          "device, and the device slice cannot run: %s" % why)
    print("standalone: device slice not run: %s" % why)


def main(argv):
    if len(argv) == 3 and argv[1] == "contents":
        contents(argv[2])
    elif len(argv) >= 2 and argv[1] == "standalone":
        standalone("--no-loader" in argv[2:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print("%d passed, %d failed" % (_passed[0], len(_failures)))
    return 1 if _failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice slice: slices a .npy file into another, on an OpenCL device or
 * with the host reference executor. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "blocked_option.h"
#include "commands.h"
#include "device.h"
#include "device_dynamic.h"
#include "device_gather.h"
#include "device_image.h"
#include "diag.h"
#include "dyn_ranges.h"
#include "image_option.h"
#include "npy/npy.h"
#include "progress.h"
#include "spec.h"

static const cli_optdef slice_options[] = {
    {"device", false},
    {"host", true},
    {"dynamic", true},
    {"src-blocked", false},
    {"dst-blocked", false},
    {"src-image", false},
    {"dst-image", false},
    CLI_DYN_RANGE_OPTIONS,
    {NULL, false},
};

/* --src-blocked and --dst-blocked, and the input's logical shape;
 * --src-image and --dst-image. */
typedef struct slice_layouts {
    cli_blocked src, dst;
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    cli_image_run images;
} slice_layouts;

/* --src-image and --dst-image, which take plain .npy files and neither
 * blocked layouts nor --dynamic. */
static int read_images(const cli_opts *opts, const slice_layouts *l,
                       cli_image_run *images, cli_err *err)
{
    int status = cli_image_parse("src-image", cli_opt(opts, "src-image"),
                                 &images->sides[0], err);
    if (status == CLI_EXIT_OK)
        status = cli_image_parse("dst-image", cli_opt(opts, "dst-image"),
                                 &images->sides[1], err);
    if (status != CLI_EXIT_OK ||
        !(images->sides[0].on || images->sides[1].on))
        return status;
    if (l->src.on || l->dst.on)
        return cli_usage_error(err, "--src-image and --dst-image take "
                               "plain tensors, not --src-blocked or "
                               "--dst-blocked");
    if (cli_opt(opts, "dynamic"))
        return cli_usage_error(err, "--dynamic does not take image-held "
                               "tensors (--src-image, --dst-image)");
    return CLI_EXIT_OK;
}

static int read_layouts(const cli_opts *opts, const cli_npy *in,
                        slice_layouts *l, cli_err *err)
{
    int status = cli_blocked_parse("src-blocked",
                                   cli_opt(opts, "src-blocked"), true,
                                   &l->src, err);
    if (status == CLI_EXIT_OK)
        status = cli_blocked_parse("dst-blocked",
                                   cli_opt(opts, "dst-blocked"), false,
                                   &l->dst, err);
    if (status == CLI_EXIT_OK && (l->src.on || l->dst.on) &&
        cli_opt(opts, "dynamic"))
        return cli_usage_error(err, "--dynamic does not take blocked "
                               "tensors (--src-blocked, --dst-blocked)");
    if (status == CLI_EXIT_OK)
        status = read_images(opts, l, &l->images, err);
    if (status != CLI_EXIT_OK || !l->src.on) {
        l->rank = in->rank;
        memcpy(l->shape, in->shape, sizeof l->shape);
        return status;
    }
    return cli_blocked_logical(&l->src, "src-blocked", in->shape, in->rank,
                               l->shape, &l->rank, err);
}

/* The result as it is written: the plan's output, or its blocked storage
 * (no data yet). */
static int result_meta(const clslice_plan *plan, const cli_npy *in,
                       const slice_layouts *l, cli_npy *meta, cli_err *err)
{
    cli_npy_plan_meta(plan, in, meta);
    if (!l->dst.on)
        return CLI_EXIT_OK;
    int64_t shape[CLSLICE_MAX_RANK];
    memcpy(shape, meta->shape, sizeof shape);
    return cli_blocked_storage(&l->dst, "dst-blocked", shape, meta->rank,
                               in->elem_size, meta->shape, &meta->rank,
                               &meta->bytes, err);
}

/* The result's dtype and shape, and where it goes. */
typedef struct slice_out {
    const cli_npy *meta;
    cli_npy_out *out;
} slice_out;

static int choose_target(const cli_opts *opts, cli_target *target,
                         cli_err *err)
{
    return cli_target_parse(cli_opt(opts, "host"), cli_opt(opts, "device"),
                            target, err);
}

/* The device hands over the mapped result: written from there. */
static int write_result(void *ctx, size_t index, const void *data,
                        cli_err *err)
{
    (void)index;
    slice_out *o = ctx;
    cli_npy view = *o->meta;
    view.data = (unsigned char *)data;
    return cli_npy_out_write(o->out, &view, err);
}

/* The slice through image-held tensors on a device: the images' forms
 * checked against the input and the result, then the run. */
static int slice_images(const cli_target *target, const clslice_plan *plan,
                        const cli_npy *in, const cli_npy *meta,
                        const slice_layouts *l, slice_out *o, cli_err *err)
{
    if (target->host)
        return cli_usage_error(err, "--src-image and --dst-image run on an "
                               "OpenCL device; they cannot be combined "
                               "with --host");
    cli_image_run images = l->images;
    int status = CLI_EXIT_OK;
    if (images.sides[0].on)
        status = cli_image_form_of(&images.sides[0], "src-image",
                                   "the input", in->descr, in->shape,
                                   in->rank, &images.forms[0], err);
    if (status == CLI_EXIT_OK && images.sides[1].on)
        status = cli_image_form_of(&images.sides[1], "dst-image",
                                   "the result", in->descr, meta->shape,
                                   meta->rank, &images.forms[1], err);
    cli_device device;
    if (status == CLI_EXIT_OK)
        status = cli_device_pick(&target->request, &device, err);
    return status == CLI_EXIT_OK
               ? cli_device_gather_image(&device, plan, in, meta->bytes,
                                         &images, write_result, o, err)
               : status;
}

/* Slices and writes the result to out (not yet renamed into place). */
static int slice_static(const cli_target *target, const clslice_plan *plan,
                        const cli_npy *in, const slice_layouts *l,
                        cli_npy_out *out, cli_err *err)
{
    const clslice_blocking *blocked[2] = {
        l->src.on ? &l->src.blocking : NULL,
        l->dst.on ? &l->dst.blocking : NULL};
    cli_npy meta, result;
    int status = result_meta(plan, in, l, &meta, err);
    if (status == CLI_EXIT_OK &&
        (l->images.sides[0].on || l->images.sides[1].on)) {
        slice_out o = {&meta, out};
        return slice_images(target, plan, in, &meta, l, &o, err);
    }
    if (status == CLI_EXIT_OK && !target->host) {
        slice_out o = {&meta, out};
        cli_device device;
        status = cli_device_pick(&target->request, &device, err);
        return status == CLI_EXIT_OK
                   ? cli_device_gather(&device, plan, in, meta.bytes,
                                       blocked, write_result, &o, err)
                   : status;
    }
    if (status == CLI_EXIT_OK)
        status = cli_npy_alloc_like(&meta, meta.rank, meta.shape, meta.bytes,
                                    &result, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    cli_progress_phase("slicing", NULL, 0);
    clslice_host_gather_desc desc = CLSLICE_HOST_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = in->elem_size;
    desc.src = (clslice_host_tensor){in->data, in->bytes, 0, NULL};
    desc.dst = (clslice_host_tensor){result.data, result.bytes, 0, NULL};
    desc.src_blocking = blocked[0];
    desc.dst_blocking = blocked[1];
    clslice_status st = clslice_host_gather2(&desc, &lib);
    /* The plan and both buffers come from the loaded file and its checked
     * blocking, so nothing but memory should fail here. */
    status = st == CLSLICE_OK
                 ? cli_npy_out_write(out, &result, err)
                 : cli_fail(err, CLI_EXIT_FAILURE, "%s", lib.message);
    cli_npy_free(&result);
    return status;
}

/* Why the device rejected a spec, or the expression --dynamic could not
 * translate: the host front-end's message for the same values. */
static int explain(const cli_opts *opts, const cli_npy *in, bool translated,
                   int64_t rejected, cli_err *err)
{
    clslice_plan *plan = NULL;
    int status = cli_spec_plan(opts, in->shape, in->rank, &plan, err);
    clslice_plan_release(&plan);
    if (status != CLI_EXIT_OK)
        return status;
    if (!translated)
        return cli_usage_error(err, "--dynamic: this --expr has no "
                               "tf.strided_slice form (more than 31 "
                               "items?)");
    return cli_fail(err, CLI_EXIT_FAILURE,
                    "internal error: the device rejected the spec (status "
                    "%lld) but the host accepts it", (long long)rejected);
}

/* --dynamic: the spec's values sliced with on the device, unseen by the
 * host unless it must explain a rejection. */
static int slice_dynamic(const cli_target *target, const cli_opts *opts,
                         const cli_npy *in, cli_npy_out *out, cli_err *err)
{
    if (target->host)
        return cli_usage_error(err, "--dynamic runs on an OpenCL device; "
                               "it cannot be combined with --host");
    int status = cli_spec_check(opts, false, err);
    if (status != CLI_EXIT_OK)
        return status;
    cli_dyn_spec *spec = malloc(sizeof *spec);
    cli_dyn_ranges *ranges = malloc(sizeof *ranges);
    if (!spec || !ranges) {
        free(spec);
        free(ranges);
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    }
    bool translated;
    int64_t rejected = CLSLICE_OK, bound = 0;
    status = cli_dyn_spec_read(opts, spec, &translated, err);
    if (status == CLI_EXIT_OK)
        status = cli_dyn_ranges_read(opts, true, spec, ranges, err);
    if (status == CLI_EXIT_OK && translated)
        status = cli_dyn_ranges_bound(spec, ranges, in->shape, in->rank,
                                      &bound, err);
    if (status == CLI_EXIT_OK && translated) {
        cli_device device;
        cli_npy meta; /* the device tells the output's shape */
        slice_out o = {&meta, out};
        status = cli_device_pick(&target->request, &device, err);
        if (status == CLI_EXIT_OK)
            status = cli_device_dynamic_slice(&device, spec, in, bound,
                                              &meta, write_result, &o,
                                              &rejected, err);
    }
    free(ranges);
    free(spec);
    if (status == CLI_EXIT_OK && (!translated || rejected != CLSLICE_OK))
        status = explain(opts, in, translated, rejected, err);
    return status;
}

/* The range options without --dynamic: they size a device buffer that
 * only the dynamic path has. */
static int refuse_ranges(const cli_opts *opts, cli_err *err)
{
    cli_dyn_ranges none;
    return cli_dyn_ranges_read(opts, false, NULL, &none, err);
}

static int slice_main(char **paths, const cli_opts *opts, cli_err *err)
{
    cli_target target;
    cli_npy in;
    cli_npy_out out = {.path = paths[1], .dest = NULL, .tmp = NULL};
    clslice_plan *plan = NULL;
    int status = choose_target(opts, &target, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_npy_load(paths[0], &in, err);
    if (status != CLI_EXIT_OK)
        return status;
    slice_layouts layouts;
    bool dynamic = cli_opt(opts, "dynamic") != NULL;
    status = read_layouts(opts, &in, &layouts, err);
    if (status == CLI_EXIT_OK && !dynamic)
        status = refuse_ranges(opts, err);
    if (status == CLI_EXIT_OK && !dynamic)
        status = cli_spec_plan(opts, layouts.shape, layouts.rank, &plan, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_open(&out, paths[1], err);
    if (status == CLI_EXIT_OK && dynamic) {
        status = slice_dynamic(&target, opts, &in, &out, err);
    } else if (status == CLI_EXIT_OK) {
        status = slice_static(&target, plan, &in, &layouts, &out, err);
    }
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(&out, 1, err);
    cli_npy_out_close(&out);
    clslice_plan_release(&plan);
    cli_npy_free(&in);
    return status;
}

static int run_slice(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {
        "IN.npy and OUT.npy, which come first", "OUT.npy, which comes first"};
    const cli_optdef *const tables[] = {slice_options, cli_spec_options,
                                        NULL};
    return cli_run_command(self, argc, argv, 2, missing, tables, slice_main);
}

const cli_command cli_cmd_slice = {
    .name = "slice",
    .summary = "slice a .npy file on an OpenCL device or the host",
    .usage = "slice IN.npy OUT.npy SPEC [--device N | --host] [--dynamic]\n"
             "      [--begin-range LIST --end-range LIST | --starts-range "
             "LIST --ends-range LIST]\n"
             "      [--src-blocked AXIS:BLOCK[:SIZE]] "
             "[--dst-blocked AXIS:BLOCK]\n"
             "      [--src-image PACKING] [--dst-image PACKING]",
    .description =
        "\n"
        "Reads IN.npy, slices it with SPEC and writes the result to OUT.npy\n"
        "(C order, little-endian, as np.save writes it).  OUT is written\n"
        "to a temporary file next to it and renamed into place at the end,\n"
        "so a failed run leaves OUT as it was.\n"
        "\n"
        "IN may be any .npy file of format 1.0, 2.0 or 3.0 with a fixed-size\n"
        "dtype: bool, int8-64, uint8-64, float16-128, complex64-256, S<n>,\n"
        "U<n>, datetime64, timedelta64, raw records (V<n>) or a structured\n"
        "dtype; object arrays are refused.  Big-endian data is converted to\n"
        "little-endian and Fortran-order data to C order on reading, so the\n"
        "slice is the one numpy gives; a structured dtype's records are\n"
        "copied as stored and its descr is written back unchanged.\n"
        "\n"
        "The slice runs on the default OpenCL device (the first GPU, else\n"
        "the first device of any type), or on:\n"
        "  --device N   device N as 'clslice devices' numbers them; without\n"
        "               it, the environment variable CLSLICE_DEVICE=N\n"
        "  --host       the host reference executor, without OpenCL\n"
        "\n"
        "--dynamic uploads the spec's values to a device buffer and slices\n"
        "with the library's dynamic path (clslice_cl_*_dynamic): the\n"
        "device computes the output's shape and the host reads it back\n"
        "afterwards.  It takes --style tf, openvino or onnx, or --expr\n"
        "(run as the tf.strided_slice spec it spells), and an OpenCL\n"
        "device; a spec the device rejects is explained with the host's\n"
        "message.  The output buffer holds the whole input unless the\n"
        "values' ranges are declared (the way an engine sizes a buffer\n"
        "before the values exist), with LIST entries LO..HI or V:\n"
        "  --begin-range LIST, --end-range LIST   (--style tf, openvino)\n"
        "  --starts-range LIST, --ends-range LIST (--style onnx)\n"
        "               one entry per value; the output is sized for the\n"
        "               largest slice any values inside the ranges give\n"
        "               (a 1-row crop of a large tensor: one row), and a\n"
        "               value outside its range is refused.\n"
        "\n"
        "Blocked layouts (GPU engines' NC4HW4, fsv16, nChw16c: one axis\n"
        "stored as blocks of BLOCK lanes, the lanes innermost):\n"
        "  --src-blocked AXIS:BLOCK[:SIZE]  IN holds such a tensor's dense\n"
        "               storage: its logical shape with AXIS counting blocks,\n"
        "               then one more dim of BLOCK lanes; SIZE is the\n"
        "               logical size of AXIS (default: every lane), the\n"
        "               lanes past it padding.  SPEC slices the logical\n"
        "               tensor.\n"
        "  --dst-blocked AXIS:BLOCK  OUT receives the result's dense blocked\n"
        "               storage the same way, its padding lanes zeros.\n"
        "\n"
        "Image-held tensors (2-D RGBA images, four channels a texel, as\n"
        "GPU engines keep activations; PACKING is nc4hw4 (MNN, an NCHW\n"
        "tensor), phwc4 or tflite_texture_2d (TFLite GPU, BHWC or HWC)):\n"
        "  --src-image PACKING  the slice reads the input from an image of\n"
        "               PACKING (IN is uploaded and moved into it first)\n"
        "  --dst-image PACKING  the slice writes the result into an image of\n"
        "               PACKING, which is read back into OUT\n"
        "               IN and OUT stay plain .npy tensors, so OUT is the\n"
        "               plain slice's: a run checks the library's image path\n"
        "               for that packing on that device.  The tensor on an\n"
        "               image side is float32, float16 or uint8, of a rank\n"
        "               the packing holds and not empty; a device run only.\n",
    .examples =
        "  $ python3 -c 'import numpy as np; "
        "np.save(\"a.npy\", np.arange(24.).reshape(2,3,4))'\n"
        "  $ clslice slice a.npy b.npy --expr '[1, ::-1, 1:3]'\n"
        "  $ python3 -c 'import numpy as np; print(np.load(\"b.npy\"))'\n"
        "  [[21. 22.]\n"
        "   [17. 18.]\n"
        "   [13. 14.]]\n"
        "  $ clslice slice a.npy b.npy --style onnx --starts 1 --ends 3 "
        "--axes 2 --host\n"
        "  $ CLSLICE_DEVICE=0 clslice slice a.npy b.npy --expr '[..., None]'\n"
        "  $ clslice slice nc4hw4.npy c.npy --src-blocked 1:4:10 "
        "--expr '[:, 3:7]'\n"
        "  $ clslice slice nchw.npy d.npy --expr '[:, 1:, ::2]' "
        "--src-image nc4hw4 --dst-image phwc4\n"
        "  $ clslice slice a.npy r.npy --style tf --begin 1 --end 2 "
        "--shrink-axis-mask 1 --dynamic --begin-range 0..1 --end-range 1..2\n",
    .takes_spec = true,
    .takes_files = true,
    .run = run_slice,
};

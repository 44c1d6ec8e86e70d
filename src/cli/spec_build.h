/* One plan builder per SPEC style; each reads its options (already checked
 * to belong to the style, required ones present) and calls the library. */
#ifndef CLI_SPEC_BUILD_H
#define CLI_SPEC_BUILD_H

#include <stdint.h>

#include "args.h"
#include "clslice.h"
#include "diag.h"

typedef int (*cli_spec_builder)(const cli_opts *opts, const int64_t *shape,
                                int rank, clslice_plan **plan, cli_err *err);

int cli_build_expr(const cli_opts *opts, const int64_t *shape, int rank,
                   clslice_plan **plan, cli_err *err);
int cli_build_tf(const cli_opts *opts, const int64_t *shape, int rank,
                 clslice_plan **plan, cli_err *err);
int cli_build_openvino(const cli_opts *opts, const int64_t *shape, int rank,
                       clslice_plan **plan, cli_err *err);
int cli_build_mxnet(const cli_opts *opts, const int64_t *shape, int rank,
                    clslice_plan **plan, cli_err *err);
int cli_build_onnx(const cli_opts *opts, const int64_t *shape, int rank,
                   clslice_plan **plan, cli_err *err);

#endif

/*
 * The check of prepared.h.
 */
#include "prepared.h"

#include "testutil.h"

void tu_check_prepared(const tu_dev *dev, unsigned flag, tu_prepared_op *op,
                       const void *ctx,
                       size_t (*program_count)(clslice_runtime *rt))
{
    for (int with = 0; with < 2; with++) {
        clslice_runtime *rt = NULL;
        clslice_error err;
        assert_int_equal(clslice_runtime_create(dev->cl.context, &rt, &err),
                         CLSLICE_OK);
        assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device,
                                                 with ? flag : 0, &err),
                         CLSLICE_OK);
        size_t prepared = program_count(rt);
        assert_int_equal(op(rt, ctx, &err), CLSLICE_OK);
        TU_CL_CHECK(clFinish(dev->queue));
        assert_int_equal(program_count(rt), prepared + (with ? 0 : 1));
        clslice_runtime_release(&rt);
    }
}

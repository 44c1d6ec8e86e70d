/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* What the classic runners share (case_classic.h): the --dynamic switch
 * and its check, the arrays a case's data is read into, the input shape. */
#include "case_classic.h"

static int g_dynamic;

void cc_set_dynamic(int on)
{
    g_dynamic = on;
}

int cc_dynamic(void)
{
    return g_dynamic;
}

void cc_check_dynamic(cc_case *c, const cd_spec *spec, clslice_status st,
                      const clslice_error *err, const clslice_plan *plan)
{
    if (!g_dynamic)
        return;
    const char *msg = cd_gather(spec, st, err->message, plan);
    if (msg)
        cc_fail(c, "dynamic: %s", msg);
}

void cc_data_free(cc_data *d)
{
    cj_ivec_free(&d->input);
    cj_ivec_free(&d->values);
    cj_ivec_free(&d->rhs);
    cj_ivec_free(&d->result);
}

int cc_read_shape(const cJSON *cs, cc_case *c, cc_expect *e)
{
    if (cj_shape(cj_get(cs, "shape"), e->in_shape, &e->in_rank) == 0)
        return 0;
    cc_fail(c, "case data: unreadable shape");
    return -1;
}

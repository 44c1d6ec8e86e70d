#include <stdio.h>
#include "clslice.h"

int main(void)
{
    int64_t shape[3] = {3, 2, 3};
    clslice_plan *plan = NULL;
    clslice_error err;
    if (clslice_plan_expr(shape, 3, "[1:-1, ..., None, ::-2, 1]", &plan, &err)) {
        fprintf(stderr, "%s: %s\n", clslice_status_string(err.status), err.message);
        return 1;
    }
    int64_t out[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out);          /* {1, 1, 1} */

    float in[18], dst[1];
    for (int i = 0; i < 18; i++) in[i] = (float)i;
    clslice_host_gather(plan, sizeof(float), in, sizeof in, dst, sizeof dst, &err);
    printf("%g\n", dst[0]);                        /* in[1][1][1] = 10 */
    clslice_plan_release(&plan);                   /* sets plan to NULL */
    return 0;
}

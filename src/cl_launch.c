/*
 * Launch geometry for the gather kernels.
 *
 * Local sizes come from a deliberately small set: PoCL compiles a kernel
 * again for every new local size (~40 ms each), so sizing groups to each
 * shape would pay that over and over.  64 work-items a group, either all
 * on the innermost dim (long rows) or 8 x 8 (short rows, where 64 along a
 * short row would leave most of the group idle).  Global sizes are rounded
 * up to a multiple of the local size (the kernels bounds-check), so a
 * prime count never forces tiny groups.  The performance issue tunes this.
 */
#include "cl_internal.h"

enum { GROUP_TARGET = 64, SHORT_ROW = 32, SHORT_ROW_GROUP = 8 };

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

static size_t round_up(size_t n, size_t to)
{
    return (n + to - 1) / to * to;
}

/* Extent of NDRange dim d: count[0], count[1], then the rest folded. */
static size_t dim_extent(const cs_move *move, int d)
{
    if (d < 2)
        return d < move->rank ? (size_t)move->count[d] : 1;
    size_t extent = 1;
    for (int k = 2; k < move->rank; k++)
        extent *= (size_t)move->count[k];
    return extent;
}

void cs_launch_size(const cs_move *move, const cs_launch_limits *limits,
                    cs_launch *launch)
{
    size_t target = min_size(GROUP_TARGET, limits->max_group);
    size_t local[3] = {target, 1, 1};
    if (move->count[0] < SHORT_ROW && move->rank > 1) {
        local[0] = min_size(SHORT_ROW_GROUP, target);
        local[1] = target / local[0];
    }
    launch->work_dim = (cl_uint)(move->rank < 3 ? move->rank : 3);
    for (int d = 0; d < 3; d++) {
        size_t l = min_size(local[d], limits->max_item[d]);
        l = l ? l : 1;
        size_t extent = dim_extent(move, d);
        size_t cap = (limits->max_groups ? limits->max_groups : 1) * l;
        launch->local[d] = l;
        launch->global[d] = min_size(round_up(extent, l), cap);
    }
}

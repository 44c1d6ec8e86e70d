/*
 * Launch geometry: the NDRange a kernel family wants (cs_shape), fitted
 * to the limits of a device and kernel.
 *
 * Local sizes come from a deliberately small set: PoCL compiles a kernel
 * again for every new local size (~40 ms each), so sizing groups to each
 * shape would pay that over and over.  Global sizes are rounded up to a
 * multiple of the local size (every kernel bounds-checks), so a prime
 * count never forces tiny groups.  Which group size a family asks for is
 * the selector's (select/select.h, cs_local); the element grid's shape
 * for a given size is below.
 */
#include "opencl/base/move.h"

enum {
    SHORT_ROW = 32,     /* rows shorter than this share a group: */
    SHORT_ROW_ITEMS = 8 /* 8 items along each of several rows */
};

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

void cs_grid_shape(const cs_move *move, size_t group, cs_shape *shape)
{
    shape->work_dim = (cl_uint)(move->rank < 3 ? move->rank : 3);
    shape->local[0] = group;
    shape->local[1] = shape->local[2] = 1;
    if (move->count[0] < SHORT_ROW && move->rank > 1) {
        shape->local[0] = SHORT_ROW_ITEMS;
        shape->local[1] = group / SHORT_ROW_ITEMS;
    }
    for (int d = 0; d < 3; d++)
        shape->extent[d] = dim_extent(move, d);
    shape->grid_stride = true;
}

/* Halves the largest local size until the group fits max_group. */
static void shrink_group(size_t *local, size_t max_group)
{
    size_t most = max_group ? max_group : 1;
    while (local[0] * local[1] * local[2] > most) {
        int big = 0;
        for (int d = 1; d < 3; d++)
            if (local[d] > local[big])
                big = d;
        local[big] /= 2;
    }
}

void cs_launch_fit(const cs_shape *shape, const cs_launch_limits *limits,
                   cs_launch *launch)
{
    size_t local[3];
    for (int d = 0; d < 3; d++) {
        bool used = d < (int)shape->work_dim;
        size_t l = used ? min_size(shape->local[d], limits->max_item[d]) : 1;
        local[d] = l ? l : 1;
    }
    shrink_group(local, limits->max_group);
    launch->work_dim = shape->work_dim;
    for (int d = 0; d < 3; d++) {
        size_t extent = shape->extent[d] ? shape->extent[d] : 1;
        size_t global = round_up(extent, local[d]);
        if (shape->grid_stride) {
            size_t groups = limits->max_groups ? limits->max_groups : 1;
            global = min_size(global, groups * local[d]);
        }
        launch->local[d] = local[d];
        launch->global[d] = global;
    }
}


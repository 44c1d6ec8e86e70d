/*
 * The one place that decides how a call runs: the cheapest way for the
 * device at hand (docs/design.md, technique 2).
 *
 *   empty                   nothing; a marker when the caller wants an
 *                           event;
 *   one contiguous run      clEnqueueCopyBuffer, which drivers run at full
 *                           bandwidth; except a large run on a CPU device,
 *                           where PoCL's copy is one memcpy on one thread
 *                           and the row kernel uses every core;
 *   a small 2-D/3-D box     clEnqueueCopyBufferRect on a CPU device, where
 *                           launch overhead dominates (cl_rect.c); GPU
 *                           drivers implement it as a kernel much like
 *                           ours, so GPUs keep the kernel; never with a
 *                           sub-buffer on a device whose Rect copy
 *                           crashes on them (PoCL 3.1 segfaults there,
 *                           cl_device.c), which runs the kernel instead;
 *   anything else           a kernel: on CPU devices the row family
 *                           (cl/gather_rows.cl) for gathers and scatters
 *                           and cl/scatter.cl for fills; on all others the
 *                           element grids (cl/gather_grid.cl for gathers,
 *                           cl/scatter.cl for scatters and fills).
 *
 * CLSLICE_NO_COPY_SHORTCUT always runs the kernel, so tests reach it.
 *
 * The row kernels are specialised by the innermost stride, the one thing
 * that decides whether LLVM vectorizes the copy well (measured on PoCL
 * 3.1; docs/design.md):
 *   +1  plain copy (scalar carriers: the move was narrowed);
 *   -1  reversed copy, d[i] = *(s - i);
 *    2  double-width reads and shifts (carriers <= 4 bytes, little-endian
 *       devices): a stride-2 gather loads lane by lane, this reads whole
 *       vectors;
 *   any other stride: an indexed gather.
 */
#include "cl_select.h"

static bool is_one_run(const clslice_layout *layout)
{
    return layout->rank == 0 ||
           (layout->rank == 1 && layout->src_stride[0] == 1 &&
            layout->dst_stride[0] == 1);
}

static bool rows_style(const cs_device_info *device, const cs_tuning *tuning)
{
    return tuning->style == CS_STYLE_ROWS ||
           (tuning->style == CS_STYLE_AUTO && device->cpu);
}

static cs_program_kind program_of(const cs_device_info *device,
                                  const cs_tuning *tuning,
                                  cs_kernel_kind kind)
{
    if (kind == CS_KERNEL_FILL)
        return CS_PROGRAM_SCATTER;
    if (rows_style(device, tuning))
        return CS_PROGRAM_GATHER_ROWS; /* gathers and scatters */
    return kind == CS_KERNEL_GATHER ? CS_PROGRAM_GATHER_GRID
                                    : CS_PROGRAM_SCATTER;
}

static cs_run shortcut(const cs_device_info *device, const cs_tuning *tuning,
                       const cs_select_call *call,
                       const clslice_layout *layout, cs_program_kind program,
                       cs_box *box)
{
    size_t bytes = (size_t)layout->elements * call->elem_size;
    bool gather_rows = program == CS_PROGRAM_GATHER_ROWS &&
                       call->kind == CS_KERNEL_GATHER;
    if (call->kind == CS_KERNEL_FILL ||
        (call->flags & CLSLICE_NO_COPY_SHORTCUT))
        return CS_RUN_KERNEL; /* a fill reads no buffer: nothing to copy */
    if (is_one_run(layout))
        return gather_rows && bytes >= tuning->run_kernel_bytes
                   ? CS_RUN_KERNEL
                   : CS_RUN_COPY;
    if (call->sub_buffer && device->rect_sub_buffer_crash)
        return CS_RUN_KERNEL;
    if (rows_style(device, tuning) && bytes <= tuning->rect_max_bytes &&
        cs_box_of(call, layout, box))
        return CS_RUN_RECT;
    return CS_RUN_KERNEL;
}

/* ---- the element grids -------------------------------------------------- */

static int rank_slot(const cs_move *move)
{
    return move->rank > 4 ? 4 : move->rank - 1;
}

static void choose_grid(cs_kernel_kind kind, const cs_move *move,
                        cs_choice *c)
{
    static const cs_variant gather[] = {
        CS_VARIANT_GRID_R1, CS_VARIANT_GRID_R2, CS_VARIANT_GRID_R3,
        CS_VARIANT_GRID_R4, CS_VARIANT_GRID_RN};
    static const cs_variant scatter[] = {
        CS_VARIANT_SCATTER_R1, CS_VARIANT_SCATTER_R2, CS_VARIANT_SCATTER_R3,
        CS_VARIANT_SCATTER_R4, CS_VARIANT_SCATTER_RN};
    static const cs_variant fill[] = {
        CS_VARIANT_FILL_R1, CS_VARIANT_FILL_R2, CS_VARIANT_FILL_R3,
        CS_VARIANT_FILL_R4, CS_VARIANT_FILL_RN};
    int r = rank_slot(move);
    if (kind == CS_KERNEL_GATHER) {
        c->variant = gather[r];
        c->paths = 1u << (CS_PATH_GRID_R1 + r);
    } else {
        c->variant = kind == CS_KERNEL_FILL ? fill[r] : scatter[r];
        c->paths = 1u << CS_PATH_SCATTER;
    }
}

/* ---- the row family ----------------------------------------------------- */

/* Short rows (tuning.short_row_bytes) go to the odometer: a work-item
 * per row would be mostly overhead. */
static bool use_odometer(const cs_move *move, int64_t short_row_bytes)
{
    if (move->rank == 1)
        return false; /* one row, or a split run: always long rows */
    return move->rank > 3 ||
           move->count[0] * (int64_t)move->carrier < short_row_bytes;
}

/* A gather's variant by the innermost stride; odometers have c and g. */
static void row_variant(const cs_move *move, bool little_endian,
                        cs_choice *c)
{
    int64_t stride = move->stride[0];
    bool scalar = move->carrier <= 4; /* c and s2 exist up to uint */
    bool odo = c->odometer;
    cs_path path;
    if (stride == 1 && scalar) {
        c->variant = odo ? CS_VARIANT_ODO_C : CS_VARIANT_ROWS_C;
        path = odo ? CS_PATH_ODO_C : CS_PATH_ROW_C;
    } else if (odo) {
        c->variant = CS_VARIANT_ODO_G;
        path = CS_PATH_ODO_G;
    } else if (stride == -1) {
        c->variant = CS_VARIANT_ROWS_R;
        path = CS_PATH_ROW_R;
    } else if (stride == 2 && scalar && little_endian) {
        c->variant = CS_VARIANT_ROWS_S2;
        path = CS_PATH_ROW_S2;
    } else {
        c->variant = CS_VARIANT_ROWS_G;
        path = CS_PATH_ROW_G;
    }
    c->paths = 1u << path;
}

/* A scatter's variant: destination inner stride +1, -1 or any (c r g),
 * then source inner stride +1, 0 or any (c b g).  A contiguous
 * destination takes the gather's kernels where they exist (c, r, g). */
static void scatter_variant(const cs_move *move, cs_choice *c)
{
    static const cs_variant rows[3][3] = {
        {CS_VARIANT_ROWS_C, CS_VARIANT_ROWS_CB, CS_VARIANT_ROWS_G},
        {CS_VARIANT_ROWS_RC, CS_VARIANT_ROWS_RB, CS_VARIANT_ROWS_RG},
        {CS_VARIANT_ROWS_GC, CS_VARIANT_ROWS_GB, CS_VARIANT_ROWS_GG}};
    static const cs_variant odo[3][3] = {
        {CS_VARIANT_ODO_C, CS_VARIANT_ODO_CB, CS_VARIANT_ODO_G},
        {CS_VARIANT_ODO_RC, CS_VARIANT_ODO_RB, CS_VARIANT_ODO_RG},
        {CS_VARIANT_ODO_GC, CS_VARIANT_ODO_GB, CS_VARIANT_ODO_GG}};
    int64_t dt = move->dst_stride[0], st = move->stride[0];
    int dst = dt == 1 ? 0 : dt == -1 ? 1 : 2;
    int src = st == 1 ? 0 : st == 0 ? 1 : 2;
    if (dst == 0 && src == 0 && move->carrier > 4)
        src = 2; /* no wide c kernels (the host narrows contiguous rows) */
    c->paths = 1u << (c->odometer ? CS_PATH_SODO : CS_PATH_SROW);
    c->paths |= 1u << (dst == 0 ? CS_PATH_SDST_C
                       : dst == 1 ? CS_PATH_SDST_R : CS_PATH_SDST_G);
    if (src == 1)
        c->paths |= 1u << CS_PATH_SSRC_B;
    if (dst == 0 && src == 2 && st == -1 && !c->odometer)
        c->variant = CS_VARIANT_ROWS_R; /* the gather's reversed rows */
    else
        c->variant = c->odometer ? odo[dst][src] : rows[dst][src];
}

static void choose_rows(const cs_device_info *device,
                        const cs_tuning *tuning, cs_kernel_kind kind,
                        const cs_move *move, cs_choice *c)
{
    c->odometer = use_odometer(move, tuning->short_row_bytes);
    if (kind != CS_KERNEL_GATHER) {
        scatter_variant(move, c);
        return;
    }
    row_variant(move, device->little_endian, c);
    if (!c->odometer) {
        cs_rows rows;
        cs_rows_build(move, tuning->row_split, &rows);
        if (rows.split)
            c->paths |= 1u << CS_PATH_ROW_SPLIT;
    }
}

void cs_choose_kernel(const cs_device_info *device, const cs_tuning *tuning,
                      cs_kernel_kind kind, cs_program_kind program,
                      const cs_move *move, int index_bits, cs_choice *c)
{
    c->run = CS_RUN_KERNEL;
    c->program = program;
    c->carrier = move->carrier;
    c->index_bits = index_bits;
    c->odometer = false;
    if (program == CS_PROGRAM_GATHER_ROWS && kind != CS_KERNEL_FILL)
        choose_rows(device, tuning, kind, move, c);
    else
        choose_grid(kind, move, c);
}

void cs_choose(const cs_device_info *device, const cs_tuning *tuning,
               const cs_select_call *call, const clslice_layout *layout,
               cs_choice *c)
{
    c->run = CS_RUN_MARKER;
    c->paths = 1u << CS_PATH_MARKER;
    if (layout->elements == 0)
        return;
    cs_program_kind program = program_of(device, tuning, call->kind);
    c->run = shortcut(device, tuning, call, layout, program, &c->box);
    if (c->run != CS_RUN_KERNEL) {
        c->paths = 1u << (c->run == CS_RUN_COPY ? CS_PATH_COPY
                                                : CS_PATH_RECT);
        return;
    }
    /* The CPU family's loops want scalar carriers, so a contiguous row
     * moves as uint at most (a uint4 loop does not vectorize); the element
     * grid keeps the widest carrier (16-byte accesses per work-item). */
    cs_move_build(layout, call->elem_size, call->src_offset,
                  call->dst_offset, &c->move);
    if (program == CS_PROGRAM_GATHER_ROWS)
        cs_move_narrow(&c->move, 4);
    cs_choose_kernel(device, tuning, call->kind, program, &c->move,
                     cs_move_index_bits(&c->move, call->flags), c);
}

unsigned cs_programs_used(const cs_device_info *device,
                          const cs_tuning *tuning)
{
    static const cs_kernel_kind kinds[] = {CS_KERNEL_GATHER,
                                           CS_KERNEL_SCATTER, CS_KERNEL_FILL};
    unsigned used = 1u << CS_PROGRAM_CSR;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        used |= 1u << program_of(device, tuning, kinds[i]);
    return used;
}

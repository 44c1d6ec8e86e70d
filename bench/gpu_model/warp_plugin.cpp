// An Oclgrind plugin that counts what a SIMT GPU's memory system and
// schedulers would see of a kernel: the bench's GPU memory model
// (docs/performance.md, "The GPU memory model") reads its records.
//
// Oclgrind runs the work-items of a group one after another.  A GPU runs
// them in warps of 32 consecutive local linear ids, and a warp issues one
// memory request per load or store instruction, covering its lanes.  So
// an access belongs to the request keyed by
//
//     (warp, LLVM instruction, how many times this work-item has run it)
//
// which is exact for code whose lanes run an instruction equally often
// (the grid kernels: every lane of a warp makes the same trips).  Per
// request the plugin counts the distinct 32-byte sectors, the bytes the
// lanes used (the union of their ranges) and whether all lanes read one
// address (a broadcast, as of a job table).  Per launch it keeps every
// sector touched with a mask of its bytes used: the DRAM traffic if each
// sector crossed once, and the store sectors left partial.
//
// Instructions are counted per work-item and folded per warp by taking
// the largest lane (a warp issues as long as its busiest lane runs, even
// with idle lanes), both as raw LLVM IR and as "plain" IR: without phi
// nodes (register moves on a GPU), loads from private memory (the kernel's
// by-value arguments, constant-bank operands on a GPU) and integer
// divisions, which are counted apart by width so that the model can weigh
// them.
//
// Private memory (the kernel's by-value arguments and anything the
// compiler left on a work-item's stack) is counted apart, per lane: the
// accesses and their bytes, and how many of them reach their address
// through a run-time index (a table indexed by a loop's dim).  A GPU
// compiler keeps fixed-offset reads of an argument in its constant bank,
// but a run-time-indexed one it must either read from there one lane at
// a time or copy the whole table to per-lane scratch (AMD's backend
// does); the model charges those, and the report shows them per element.
//
// For the latency term each lane also counts its load rounds: runs of
// global loads that no global store interrupts (loads through constant
// pointers, tables the constant cache serves, are counted apart and
// start none).  A warp waits for a
// round's data before the store that uses it, so the loads of a round are
// in flight together, and a warp has (busiest lane's rounds) round trips
// to memory to make.
//
// Each launch appends one line of `key=value` words to the file named by
// CLSLICE_GPU_MODEL_OUT (read at each launch's end; no file, no record).
// Oclgrind 21.10's plugin API is C++; liboclgrind is built without RTTI,
// so this must be too (bench/gpu_model/CMakeLists.txt).

#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include <llvm/IR/Argument.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/Type.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace
{

const unsigned WARP = 32;       // lanes per warp (NVIDIA)
const unsigned SECTOR_BITS = 5; // 32-byte sectors

// What one work-item ran.
// ir..div64: instructions; rounds: load rounds (above); prv_*: private
// accesses, their bytes and the run-time-indexed ones; cst_ld: loads from
// the constant address space (tables a GPU serves from its constant
// cache).
struct LaneCount
{
  uint64_t ir = 0, plain = 0, div32 = 0, div64 = 0, rounds = 0;
  uint64_t prv_ld = 0, prv_st = 0, prv_bytes = 0, prv_dyn = 0, cst_ld = 0;

  void keep_max(const LaneCount& o)
  {
    ir = std::max(ir, o.ir);
    plain = std::max(plain, o.plain);
    div32 = std::max(div32, o.div32);
    div64 = std::max(div64, o.div64);
    rounds = std::max(rounds, o.rounds);
    prv_ld = std::max(prv_ld, o.prv_ld);
    prv_st = std::max(prv_st, o.prv_st);
    prv_bytes = std::max(prv_bytes, o.prv_bytes);
    prv_dyn = std::max(prv_dyn, o.prv_dyn);
    cst_ld = std::max(cst_ld, o.cst_ld);
  }
  void add(const LaneCount& o)
  {
    ir += o.ir;
    plain += o.plain;
    div32 += o.div32;
    div64 += o.div64;
    rounds += o.rounds;
    prv_ld += o.prv_ld;
    prv_st += o.prv_st;
    prv_bytes += o.prv_bytes;
    prv_dyn += o.prv_dyn;
    cst_ld += o.cst_ld;
  }
};

// One lane's part of a request.
struct Access
{
  uint64_t address;
  uint32_t size;
};

struct RequestKey
{
  size_t warp;
  const llvm::Instruction* instruction;
  uint32_t trip;
  bool operator==(const RequestKey& o) const
  {
    return warp == o.warp && instruction == o.instruction && trip == o.trip;
  }
};

struct RequestKeyHash
{
  size_t operator()(const RequestKey& k) const
  {
    size_t h = std::hash<const void*>()(k.instruction);
    return (h * 31 + k.warp) * 1000003 + k.trip;
  }
};

struct Request
{
  bool store = false;
  std::vector<Access> lanes;
};

// Loads or stores of a launch: requests, lanes, bytes used and sectors
// count the data requests; broadcasts (every lane one address) only add
// to `uniform` and to the sectors touched.
struct Side
{
  uint64_t requests = 0, uniform = 0, lanes = 0, used = 0, sectors = 0,
           min_sectors = 0, widest = 0;
  std::unordered_map<uint64_t, uint32_t> touched; // sector -> bytes used
};

// A work-item's state while its group runs.
struct Lane
{
  size_t warp = 0;
  bool loading = false; // in a load round (its last global access a load)
  LaneCount count;
  std::unordered_map<const llvm::Instruction*, uint32_t> trips;
};

uint32_t byte_mask(uint64_t sector, uint64_t address, uint32_t size)
{
  uint64_t first = sector << SECTOR_BITS, last = first + 32;
  uint64_t lo = std::max(first, address);
  uint64_t hi = std::min(last, address + size);
  uint32_t mask = 0;
  for (uint64_t b = lo; b < hi; b++)
    mask |= 1u << (b - first);
  return mask;
}

// Bytes covered by the union of the lanes' ranges.
uint64_t union_bytes(std::vector<std::pair<uint64_t, uint64_t>>& ranges)
{
  std::sort(ranges.begin(), ranges.end());
  uint64_t total = 0, lo = 0, hi = 0;
  bool open = false;
  for (const auto& r : ranges) {
    if (open && r.first <= hi) {
      hi = std::max(hi, r.second);
      continue;
    }
    if (open)
      total += hi - lo;
    lo = r.first;
    hi = r.second;
    open = true;
  }
  return open ? total + hi - lo : total;
}

bool is_division(unsigned op)
{
  return op == llvm::Instruction::UDiv || op == llvm::Instruction::SDiv ||
         op == llvm::Instruction::URem || op == llvm::Instruction::SRem;
}

bool is_private_load(const llvm::Instruction* inst)
{
  const auto* load = llvm::dyn_cast<llvm::LoadInst>(inst);
  return load && load->getPointerAddressSpace() == oclgrind::AddrSpacePrivate;
}

// The address `inst` reads (store: false) or writes: a load's or store's
// pointer, a memcpy's source or destination.
const llvm::Value* address_of(const llvm::Instruction* inst, bool store)
{
  if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(inst))
    return load->getPointerOperand();
  if (const auto* st = llvm::dyn_cast<llvm::StoreInst>(inst))
    return st->getPointerOperand();
  if (const auto* copy = llvm::dyn_cast<llvm::MemTransferInst>(inst))
    return store ? copy->getRawDest() : copy->getRawSource();
  if (const auto* set = llvm::dyn_cast<llvm::MemSetInst>(inst))
    return set->getRawDest();
  return nullptr;
}

// Whether `inst` reads through a pointer to the constant address space.
bool reads_constant(const llvm::Instruction* inst)
{
  if (const auto* load = llvm::dyn_cast_or_null<llvm::LoadInst>(inst))
    return load->getPointerAddressSpace() == oclgrind::AddrSpaceConstant;
  if (const auto* copy = llvm::dyn_cast_or_null<llvm::MemTransferInst>(inst))
    return copy->getSourceAddressSpace() == oclgrind::AddrSpaceConstant;
  return false;
}

// Whether an address is its object's base plus compile-time offsets (an
// argument's or a stack slot's field), or needs a run-time index: a GEP
// with a variable index, or a pointer chosen at run time (phi, select,
// loaded).
bool runtime_indexed(const llvm::Value* p)
{
  for (int depth = 0; p && depth < 32; depth++) {
    if (const auto* gep = llvm::dyn_cast<llvm::GEPOperator>(p)) {
      if (!gep->hasAllConstantIndices())
        return true;
      p = gep->getPointerOperand();
    } else if (const auto* op = llvm::dyn_cast<llvm::Operator>(p);
               op && (op->getOpcode() == llvm::Instruction::BitCast ||
                      op->getOpcode() == llvm::Instruction::AddrSpaceCast)) {
      p = op->getOperand(0);
    } else {
      return !llvm::isa<llvm::Argument>(p) && !llvm::isa<llvm::AllocaInst>(p);
    }
  }
  return true;
}

class WarpModel : public oclgrind::Plugin
{
public:
  explicit WarpModel(const oclgrind::Context* context) : Plugin(context) {}

  // One thread: the counts keep no locks, and a deterministic order of
  // groups keeps the records identical from run to run.
  bool isThreadSafe() const override { return false; }

  void kernelBegin(const oclgrind::KernelInvocation* ki) override
  {
    name = ki->getKernel()->getName();
    global = ki->getGlobalSize();
    local = ki->getLocalSize();
    work_dim = ki->getWorkDim();
    items = warps = 0;
    lanes_total = LaneCount();
    warps_total = LaneCount();
    loads = Side();
    stores = Side();
  }

  void workGroupBegin(const oclgrind::WorkGroup* group) override
  {
    group_size = group->getGroupSize();
    lanes.clear();
    requests.clear();
    last_item = nullptr;
  }

  void instructionExecuted(const oclgrind::WorkItem* item,
                           const llvm::Instruction* inst,
                           const oclgrind::TypedValue&) override
  {
    LaneCount& c = lane_of(item).count;
    unsigned op = inst->getOpcode();
    c.ir++;
    if (is_division(op)) {
      if (inst->getType()->getScalarSizeInBits() > 32)
        c.div64++;
      else
        c.div32++;
    } else if (op != llvm::Instruction::PHI && !is_private_load(inst)) {
      c.plain++;
    }
  }

  void memoryLoad(const oclgrind::Memory* memory,
                  const oclgrind::WorkItem* item, size_t address,
                  size_t size) override
  {
    record(memory, item, address, size, false);
  }

  void memoryStore(const oclgrind::Memory* memory,
                   const oclgrind::WorkItem* item, size_t address, size_t size,
                   const uint8_t*) override
  {
    record(memory, item, address, size, true);
  }

  void workGroupComplete(const oclgrind::WorkGroup*) override
  {
    std::unordered_map<size_t, LaneCount> busiest;
    for (const auto& l : lanes) {
      busiest[l.second.warp].keep_max(l.second.count);
      lanes_total.add(l.second.count);
    }
    items += lanes.size();
    // A group's warps: every one of them is scheduled, full or not.
    size_t size = group_size.x * group_size.y * group_size.z;
    warps += (size + WARP - 1) / WARP;
    for (const auto& b : busiest)
      warps_total.add(b.second);
    for (auto& r : requests)
      close_request(r.second);
  }

  void kernelEnd(const oclgrind::KernelInvocation*) override { write(); }

private:
  std::string name;
  oclgrind::Size3 global, local, group_size;
  size_t work_dim = 0;
  uint64_t items = 0, warps = 0;
  LaneCount lanes_total, warps_total;
  Side loads, stores;
  std::unordered_map<const oclgrind::WorkItem*, Lane> lanes;
  std::unordered_map<RequestKey, Request, RequestKeyHash> requests;
  const oclgrind::WorkItem* last_item = nullptr;
  Lane* last_lane = nullptr;

  // Oclgrind runs one work-item for long stretches: remember the last.
  Lane& lane_of(const oclgrind::WorkItem* item)
  {
    if (item == last_item)
      return *last_lane;
    auto found = lanes.find(item);
    if (found == lanes.end()) {
      oclgrind::Size3 id = item->getLocalID();
      size_t linear = id.x + group_size.x * (id.y + group_size.y * id.z);
      found = lanes.emplace(item, Lane()).first;
      found->second.warp = linear / WARP;
    }
    last_item = item;
    last_lane = &found->second;
    return found->second;
  }

  void record(const oclgrind::Memory* memory, const oclgrind::WorkItem* item,
              size_t address, size_t size, bool store)
  {
    if (!item)
      return;
    unsigned space = memory->getAddressSpace();
    if (space == oclgrind::AddrSpacePrivate)
      record_private(item, size, store);
    if (space == oclgrind::AddrSpaceConstant && !store)
      lane_of(item).count.cst_ld++;
    if (space != oclgrind::AddrSpaceGlobal)
      return;
    const llvm::Instruction* inst = item->getCurrentInstruction();
    Lane& lane = lane_of(item);
    if (!store && reads_constant(inst)) {
      // Oclgrind keeps constant buffers in global memory: the access
      // counts as global traffic, but a table read through a constant
      // pointer is served by the constant cache and starts no round.
      lane.count.cst_ld++;
    } else {
      if (!store && !lane.loading)
        lane.count.rounds++;
      lane.loading = !store;
    }
    uint32_t trip = ++lane.trips[inst];
    Request& r = requests[RequestKey{lane.warp, inst, trip}];
    r.store = store;
    r.lanes.push_back(Access{address, (uint32_t)size});
  }

  void record_private(const oclgrind::WorkItem* item, size_t size, bool store)
  {
    const llvm::Instruction* inst = item->getCurrentInstruction();
    LaneCount& c = lane_of(item).count;
    if (store)
      c.prv_st++;
    else
      c.prv_ld++;
    c.prv_bytes += size;
    const llvm::Value* address = inst ? address_of(inst, store) : nullptr;
    if (!address || runtime_indexed(address))
      c.prv_dyn++;
  }

  void close_request(const Request& r)
  {
    Side& side = r.store ? stores : loads;
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    std::unordered_map<uint64_t, uint32_t> sectors;
    bool uniform = r.lanes.size() > 1;
    for (const Access& a : r.lanes) {
      uniform = uniform && a.address == r.lanes[0].address &&
                a.size == r.lanes[0].size;
      ranges.emplace_back(a.address, a.address + a.size);
      side.widest = std::max<uint64_t>(side.widest, a.size);
      uint64_t last = (a.address + a.size - 1) >> SECTOR_BITS;
      for (uint64_t s = a.address >> SECTOR_BITS; s <= last; s++)
        sectors[s] |= byte_mask(s, a.address, a.size);
    }
    for (const auto& s : sectors)
      side.touched[s.first] |= s.second;
    if (uniform) { // a broadcast: one sector for the warp, counted apart
      side.uniform++;
      return;
    }
    uint64_t used = union_bytes(ranges);
    side.requests++;
    side.lanes += r.lanes.size();
    side.used += used;
    side.sectors += sectors.size();
    side.min_sectors += (used + 31) / 32;
  }

  static void write_side(FILE* f, const char* prefix, const Side& s)
  {
    uint64_t partial = 0;
    for (const auto& t : s.touched)
      partial += t.second != 0xFFFFFFFFu;
    fprintf(f,
            " %s_requests=%llu %s_uniform=%llu %s_lanes=%llu %s_used=%llu"
            " %s_sectors=%llu %s_min_sectors=%llu %s_unique=%llu"
            " %s_partial=%llu %s_widest=%llu",
            prefix, (unsigned long long)s.requests, prefix,
            (unsigned long long)s.uniform, prefix, (unsigned long long)s.lanes,
            prefix, (unsigned long long)s.used, prefix,
            (unsigned long long)s.sectors, prefix,
            (unsigned long long)s.min_sectors, prefix,
            (unsigned long long)s.touched.size(), prefix,
            (unsigned long long)partial, prefix, (unsigned long long)s.widest);
  }

  static void write_count(FILE* f, const char* prefix, const LaneCount& c)
  {
    fprintf(f, " %s_ir=%llu %s_plain=%llu %s_div32=%llu %s_div64=%llu", prefix,
            (unsigned long long)c.ir, prefix, (unsigned long long)c.plain,
            prefix, (unsigned long long)c.div32, prefix,
            (unsigned long long)c.div64);
    fprintf(f,
            " %s_rounds=%llu %s_prv_ld=%llu %s_prv_st=%llu %s_prv_bytes=%llu"
            " %s_prv_dyn=%llu %s_cst_ld=%llu",
            prefix, (unsigned long long)c.rounds, prefix,
            (unsigned long long)c.prv_ld, prefix, (unsigned long long)c.prv_st,
            prefix, (unsigned long long)c.prv_bytes, prefix,
            (unsigned long long)c.prv_dyn, prefix,
            (unsigned long long)c.cst_ld);
  }

  void write()
  {
    const char* path = getenv("CLSLICE_GPU_MODEL_OUT");
    FILE* f = path ? fopen(path, "a") : nullptr;
    if (!f)
      return;
    fprintf(f,
            "launch name=%s work_dim=%zu global=%zu,%zu,%zu local=%zu,%zu,%zu"
            " items=%llu warps=%llu",
            name.c_str(), work_dim, global.x, global.y, global.z, local.x,
            local.y, local.z, (unsigned long long)items,
            (unsigned long long)warps);
    write_count(f, "lane", lanes_total);
    write_count(f, "warp", warps_total);
    write_side(f, "ld", loads);
    write_side(f, "st", stores);
    fputc('\n', f);
    fclose(f);
  }
};

WarpModel* model = nullptr;

} // namespace

extern "C" void initializePlugins(oclgrind::Context* context)
{
  model = new WarpModel(context);
  context->registerPlugin(model);
}

extern "C" void releasePlugins(oclgrind::Context* context)
{
  context->unregisterPlugin(model);
  delete model;
  model = nullptr;
}

// The clslice layers for OpenCV DNN (clslice_layers.hpp).
//
// What OpenCV 4.6's ONNX importer hands a "Slice" layer:
//   ONNX Slice: begin[] and end[] with one entry per dimension from 0 on
//     (ONNX's clamping rules; the int64 extremes arrive as INT_MIN and
//     INT_MAX), steps[] when the node has steps;
//   ONNX Split: axis, and slice_point[] (where each piece after the first
//     starts) or num_split (equal pieces).
// and a "Concat" layer: axis.
//
// Everything clslice needs per call is made at the call: plans are built
// into storage the layer owns (clslice_plan_init_*, about 0.2 us and no
// allocation each), output shapes come from shape queries that need no
// plan, and the runtime is the context's shared one, attached once.  So
// the layer keeps no plan cache and no map from context to runtime.
#include "clslice_layers.hpp"

#include <string>
#include <vector>

#include <opencv2/core/ocl.hpp>
#include <opencv2/dnn/all_layers.hpp>
#include <opencv2/dnn/shape_utils.hpp>

#include "clslice_cl.h"

namespace clslice_opencv {
namespace {

using cv::dnn::LayerParams;
using cv::dnn::MatShape;

void check(clslice_status status, const char *call, const clslice_error &err)
{
    if (status != CLSLICE_OK)
        CV_Error(cv::Error::StsError,
                 cv::format("%s: %s", call, err.message));
}

// OpenCV's shapes are int, clslice's int64.
std::vector<int64_t> shapeOf(const MatShape &shape)
{
    return std::vector<int64_t>(shape.begin(), shape.end());
}

MatShape matShape(const int64_t *shape, int rank)
{
    return MatShape(shape, shape + rank);
}

std::vector<int64_t> intsOf(const LayerParams &params, const char *name)
{
    std::vector<int64_t> values;
    if (params.has(name)) {
        const cv::dnn::DictValue &list = params.get(name);
        for (int i = 0; i < list.size(); i++)
            values.push_back(list.get<int>(i));
    }
    return values;
}

// One reference to the shared runtime of OpenCV's OpenCL context, taken
// at the first device call and dropped with the layer: every layer of
// every net on that context shares one runtime and its built programs.
class SharedRuntime {
public:
    SharedRuntime() = default;
    SharedRuntime(const SharedRuntime &) = delete;
    SharedRuntime &operator=(const SharedRuntime &) = delete;
    ~SharedRuntime() { clslice_runtime_release(&runtime_); }

    clslice_runtime *get(cl_context context)
    {
        if (runtime_ && context == context_)
            return runtime_;
        clslice_runtime_release(&runtime_);
        clslice_error err;
        check(clslice_runtime_attach(context, &runtime_, &err),
              "clslice_runtime_attach", err);
        context_ = context;
        return runtime_;
    }

private:
    clslice_runtime *runtime_ = nullptr;
    cl_context context_ = nullptr;
};

// What both layers share: the runtime, OpenCV's queue, plan storage and
// the forward counts.
class LayerBase : public cv::dnn::Layer {
public:
    ForwardCounts counts;

    explicit LayerBase(const LayerParams &params) { setParamsFrom(params); }

    void forward(cv::InputArrayOfArrays inputs,
                 cv::OutputArrayOfArrays outputs,
                 cv::OutputArrayOfArrays) override
    {
        if (inputs.isUMatVector()) {
            std::vector<cv::UMat> in, out;
            inputs.getUMatVector(in);
            outputs.getUMatVector(out);
            forwardDevice(in, out);
            counts.device++;
        } else {
            std::vector<cv::Mat> in, out;
            inputs.getMatVector(in);
            outputs.getMatVector(out);
            forwardHost(in, out);
            counts.host++;
        }
    }

protected:
    virtual void forwardDevice(std::vector<cv::UMat> &in,
                               std::vector<cv::UMat> &out) = 0;
    virtual void forwardHost(std::vector<cv::Mat> &in,
                             std::vector<cv::Mat> &out) = 0;

    // The call head on OpenCV's queue.  The queue is in order and OpenCV
    // waits on no event, so the next command on it runs after ours.
    clslice_cl_call head()
    {
        clslice_cl_call call = CLSLICE_CL_CALL_INIT;
        call.queue = (cl_command_queue)cv::ocl::Queue::getDefault().ptr();
        return call;
    }

    clslice_runtime *runtime()
    {
        return runtime_.get((cl_context)cv::ocl::Context::getDefault().ptr());
    }

    // Room for n plans, grown once and reused by every call.
    std::vector<clslice_plan_storage> storage_;
    std::vector<const clslice_plan *> plans_;

    void makeRoom(size_t n)
    {
        if (storage_.size() < n) {
            storage_.resize(n);
            plans_.resize(n);
        }
    }

private:
    SharedRuntime runtime_;
};

// The split of `shape` along `axis` into the pieces OpenCV's Split and
// Concat describe (the list, when given, must outlive the spec).
clslice_split_spec splitSpec(int axis, const std::vector<int64_t> &points,
                             int64_t pieces)
{
    clslice_split_spec spec = {};
    spec.axis = axis;
    if (!points.empty()) {
        // OpenCV's slice points are numpy.split's indices.
        spec.style = CLSLICE_SPLIT_NUMPY;
        spec.list = points.data();
        spec.list_len = points.size();
    } else {
        spec.style = CLSLICE_SPLIT_ONNX_13;
        spec.number = pieces;
    }
    return spec;
}

// ---- Slice: ONNX Slice and Split ------------------------------------------

class SliceLayer final : public LayerBase {
public:
    explicit SliceLayer(const LayerParams &params)
        : LayerBase(params), isSlice_(params.has("begin")),
          axis_(params.get<int>("axis", 1)),
          pieces_(params.get<int>("num_split", 0)),
          begin_(intsOf(params, "begin")), end_(intsOf(params, "end")),
          steps_(intsOf(params, "steps")),
          points_(intsOf(params, "slice_point"))
    {
        if (begin_.size() != end_.size())
            CV_Error(cv::Error::StsBadArg, "Slice: begin and end differ");
    }

    // Caffe's and TensorFlow's "size" form is OpenCV's own layer's.
    static bool handles(const LayerParams &params)
    {
        return !params.has("size");
    }

    bool getMemoryShapes(const std::vector<MatShape> &inputs,
                         const int requiredOutputs,
                         std::vector<MatShape> &outputs,
                         std::vector<MatShape> &) const override
    {
        CV_Assert(inputs.size() == 1);
        std::vector<int64_t> shape = shapeOf(inputs[0]);
        int rank = (int)shape.size();
        clslice_error err;
        outputs.clear();
        if (isSlice_) {
            int64_t out[CLSLICE_MAX_RANK];
            int out_rank = 0;
            check(clslice_shape_onnx(shape.data(), rank, begin_.data(),
                                     begin_.size(), end_.data(), end_.size(),
                                     nullptr, 0, steps(), steps_.size(), out,
                                     &out_rank, &err),
                  "clslice_shape_onnx", err);
            outputs.push_back(matShape(out, out_rank));
            return false;
        }
        clslice_split_spec spec = split(requiredOutputs);
        size_t count = 0;
        check(clslice_split_ranges(shape.data(), rank, &spec, nullptr,
                                   nullptr, 0, &count, &err),
              "clslice_split_ranges", err);
        std::vector<int64_t> starts(count), sizes(count);
        check(clslice_split_ranges(shape.data(), rank, &spec, starts.data(),
                                   sizes.data(), count, &count, &err),
              "clslice_split_ranges", err);
        int axis = axis_ < 0 ? axis_ + rank : axis_;
        for (int64_t size : sizes) {
            outputs.push_back(inputs[0]);
            outputs.back()[axis] = (int)size;
        }
        return false;
    }

protected:
    void forwardDevice(std::vector<cv::UMat> &in,
                       std::vector<cv::UMat> &out) override
    {
        CV_Assert(in.size() == 1 && in[0].isContinuous());
        plan(cv::dnn::shape(in[0]), out.size());
        clslice_cl_call call = head();
        clslice_error err;
        cl_mem src = (cl_mem)in[0].handle(cv::ACCESS_READ);
        if (out.size() == 1) {
            clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
            desc.plan = plans_[0];
            desc.elem_size = in[0].elemSize();
            desc.src = {src, in[0].offset, nullptr};
            desc.dst = {(cl_mem)out[0].handle(cv::ACCESS_WRITE),
                        out[0].offset, nullptr};
            check(clslice_cl_gather(runtime(), &call, &desc, &err),
                  "clslice_cl_gather", err);
            return;
        }
        // Every piece of a Split in one command.
        parts_.resize(out.size());
        for (size_t i = 0; i < out.size(); i++)
            parts_[i] = {plans_[i], (cl_mem)out[i].handle(cv::ACCESS_WRITE),
                         out[i].offset};
        clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
        desc.elem_size = in[0].elemSize();
        desc.src = {src, in[0].offset, nullptr};
        desc.count = parts_.size();
        desc.parts = parts_.data();
        check(clslice_cl_gather_batch(runtime(), &call, &desc, &err),
              "clslice_cl_gather_batch", err);
    }

    void forwardHost(std::vector<cv::Mat> &in,
                     std::vector<cv::Mat> &out) override
    {
        CV_Assert(in.size() == 1 && in[0].isContinuous());
        plan(cv::dnn::shape(in[0]), out.size());
        size_t elem = in[0].elemSize();
        clslice_error err;
        for (size_t i = 0; i < out.size(); i++)
            check(clslice_host_gather(plans_[i], elem, in[0].data,
                                      in[0].total() * elem, out[i].data,
                                      out[i].total() * elem, &err),
                  "clslice_host_gather", err);
    }

private:
    const int64_t *steps() const
    {
        return steps_.empty() ? nullptr : steps_.data();
    }

    clslice_split_spec split(int outputs) const
    {
        return splitSpec(axis_, points_, pieces_ ? pieces_ : outputs);
    }

    // The plans of this call's input shape, one per output.
    void plan(const MatShape &input, size_t outputs)
    {
        std::vector<int64_t> shape = shapeOf(input);
        int rank = (int)shape.size();
        clslice_error err;
        makeRoom(outputs);
        if (isSlice_) {
            CV_Assert(outputs == 1);
            check(clslice_plan_init_onnx(&storage_[0], shape.data(), rank,
                                         begin_.data(), begin_.size(),
                                         end_.data(), end_.size(), nullptr,
                                         0, steps(), steps_.size(),
                                         &plans_[0], &err),
                  "clslice_plan_init_onnx", err);
            return;
        }
        clslice_split_spec spec = split((int)outputs);
        size_t count = 0;
        check(clslice_plan_init_split(storage_.data(), shape.data(), rank,
                                      &spec, plans_.data(), outputs, &count,
                                      &err),
              "clslice_plan_init_split", err);
        CV_Assert(count == outputs);
    }

    bool isSlice_;
    int axis_;
    int64_t pieces_;
    std::vector<int64_t> begin_, end_, steps_, points_;
    std::vector<clslice_cl_part> parts_;
};

// ---- Concat ------------------------------------------------------------------

class ConcatLayer final : public LayerBase {
public:
    explicit ConcatLayer(const LayerParams &params)
        : LayerBase(params), axis_(params.get<int>("axis", 1))
    {
    }

    // Padding to the largest input is OpenCV's own layer's.
    static bool handles(const LayerParams &params)
    {
        return !params.get<bool>("padding", false);
    }

    bool getMemoryShapes(const std::vector<MatShape> &inputs, const int,
                         std::vector<MatShape> &outputs,
                         std::vector<MatShape> &) const override
    {
        CV_Assert(!inputs.empty());
        int rank = (int)inputs[0].size();
        std::vector<int64_t> shapes;
        for (const MatShape &s : inputs) {
            if ((int)s.size() != rank)
                CV_Error(cv::Error::StsBadSize, "Concat: ranks differ");
            shapes.insert(shapes.end(), s.begin(), s.end());
        }
        int64_t joined[CLSLICE_MAX_RANK];
        clslice_error err;
        check(clslice_plan_concat(shapes.data(), rank, inputs.size(), axis_,
                                  joined, nullptr, &err),
              "clslice_plan_concat", err);
        outputs.assign(1, matShape(joined, rank));
        return false;
    }

protected:
    // Every input into its place of the output in one command.
    void forwardDevice(std::vector<cv::UMat> &in,
                       std::vector<cv::UMat> &out) override
    {
        place(in, out);
        parts_.resize(in.size());
        for (size_t i = 0; i < in.size(); i++)
            parts_[i] = {plans_[i],
                         {(cl_mem)in[i].handle(cv::ACCESS_READ), in[i].offset,
                          nullptr}};
        clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
        desc.elem_size = out[0].elemSize();
        desc.dst = {(cl_mem)out[0].handle(cv::ACCESS_WRITE), out[0].offset,
                    nullptr};
        desc.count = parts_.size();
        desc.parts = parts_.data();
        clslice_cl_call call = head();
        clslice_error err;
        check(clslice_cl_concat(runtime(), &call, &desc, &err),
              "clslice_cl_concat", err);
    }

    void forwardHost(std::vector<cv::Mat> &in,
                     std::vector<cv::Mat> &out) override
    {
        place(in, out);
        size_t elem = out[0].elemSize();
        hostParts_.resize(in.size());
        for (size_t i = 0; i < in.size(); i++)
            hostParts_[i] = {plans_[i],
                             {in[i].data, in[i].total() * elem, 0, nullptr}};
        clslice_host_concat_desc desc = CLSLICE_HOST_CONCAT_DESC_INIT;
        desc.elem_size = elem;
        desc.dst = {out[0].data, out[0].total() * elem, 0, nullptr};
        desc.count = hostParts_.size();
        desc.parts = hostParts_.data();
        clslice_error err;
        check(clslice_host_concat(&desc, &err), "clslice_host_concat", err);
    }

private:
    // Each input's place in the output: the pieces of the output split
    // where the inputs meet, built into the layer's plan storage
    // (clslice_plan_concat would make the same places on the heap).
    template <typename M>
    void place(const std::vector<M> &in, const std::vector<M> &out)
    {
        CV_Assert(out.size() == 1 && out[0].isContinuous());
        std::vector<int64_t> shape = shapeOf(cv::dnn::shape(out[0]));
        int rank = (int)shape.size();
        int axis = cv::dnn::normalize_axis(axis_, rank);
        points_.clear();
        for (size_t i = 0; i + 1 < in.size(); i++)
            points_.push_back((points_.empty() ? 0 : points_.back()) +
                              in[i].size[axis]);
        clslice_split_spec spec = splitSpec(axis, points_, 1);
        makeRoom(in.size());
        size_t count = 0;
        clslice_error err;
        check(clslice_plan_init_split(storage_.data(), shape.data(), rank,
                                      &spec, plans_.data(), in.size(),
                                      &count, &err),
              "clslice_plan_init_split", err);
        CV_Assert(count == in.size());
    }

    int axis_;
    std::vector<int64_t> points_;
    std::vector<clslice_cl_concat_part> parts_;
    std::vector<clslice_host_part> hostParts_;
};

template <typename L>
cv::Ptr<cv::dnn::Layer> create(LayerParams &params)
{
    return cv::makePtr<L>(params);
}

cv::Ptr<cv::dnn::Layer> createSlice(LayerParams &params)
{
    if (!SliceLayer::handles(params))
        return cv::dnn::SliceLayer::create(params);
    return create<SliceLayer>(params);
}

cv::Ptr<cv::dnn::Layer> createConcat(LayerParams &params)
{
    if (!ConcatLayer::handles(params))
        return cv::dnn::ConcatLayer::create(params);
    return create<ConcatLayer>(params);
}

}  // namespace

void registerLayers()
{
    cv::dnn::LayerFactory::registerLayer("Slice", createSlice);
    cv::dnn::LayerFactory::registerLayer("Concat", createConcat);
}

void unregisterLayers()
{
    cv::dnn::LayerFactory::unregisterLayer("Slice");
    cv::dnn::LayerFactory::unregisterLayer("Concat");
}

ForwardCounts forwardCounts(const cv::Ptr<cv::dnn::Layer> &layer)
{
    const auto *own = dynamic_cast<const LayerBase *>(layer.get());
    return own ? own->counts : ForwardCounts();
}

}  // namespace clslice_opencv

// clslice-opencv-bench MODELDIR [--runs N] [--rounds R]: OpenCV DNN's own
// OpenCL Slice, Split and Concat against clslice's layers in the same
// slot, on OpenCV's OpenCL target, for every model of the manifest.
//
// Each model is read twice, with OpenCV's layers and with clslice's, both
// on DNN_TARGET_OPENCL.  Two timings, each the median of --runs runs in
// which the two nets take turns (side by side, so both see the same load
// on a shared machine), repeated --rounds times:
//   layer  each Slice/Concat layer of the net called on device-resident
//          UMats of its input shapes, then cv::ocl::finish(): the slicing
//          alone, as the net runs it (one row per such layer);
//   net    setInput + forward into Mats: what an application sees,
//          including OpenCV's upload of the input and download of the
//          outputs.
// The layers' outputs of both nets are compared byte for byte first.
// Set OPENCV_OPENCL_DEVICE=:CPU: and OPENCV_DNN_OPENCL_ALLOW_ALL_DEVICES=1
// to run on PoCL (done here unless set).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <opencv2/core/ocl.hpp>
#include <opencv2/dnn.hpp>

#include "clslice.h"
#include "clslice_layers.hpp"
#include "model_cases.hpp"

using namespace clslice_opencv;
using Clock = std::chrono::steady_clock;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? NAN : v[v.size() / 2];
}

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start)
        .count();
}

std::string loadAverage()
{
    std::ifstream f("/proc/loadavg");
    std::string one;
    return f >> one ? one : "?";
}

// A layer of the net that slices or joins, with UMats of its shapes.
struct TimedLayer {
    cv::Ptr<cv::dnn::Layer> layer;
    std::vector<cv::UMat> in, out, internals;
    std::vector<double> ms;
};

// One net and what is timed of it.
struct Variant {
    const char *name = "";
    bool clslice = false;
    cv::dnn::Net net;
    std::vector<TimedLayer> layers;
    std::vector<double> netMs;
    std::string error;
};

cv::UMat deviceTensor(const cv::dnn::MatShape &shape)
{
    cv::Mat host((int)shape.size(), shape.data(), CV_32F);
    float *v = host.ptr<float>();
    for (size_t i = 0; i < host.total(); i++)
        v[i] = (float)i;
    cv::UMat device;
    host.copyTo(device);
    return device;
}

bool readNet(Variant &v, const std::string &path, const cv::Mat &x)
{
    if (v.clslice)
        registerLayers();
    try {
        v.net = cv::dnn::readNetFromONNX(path);
    } catch (const cv::Exception &e) {
        v.error = e.err;
    }
    if (v.clslice)
        unregisterLayers();
    if (!v.error.empty())
        return false;
    v.net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    v.net.setPreferableTarget(cv::dnn::DNN_TARGET_OPENCL);
    v.net.setInput(x);
    std::vector<cv::Mat> outs;
    v.net.forward(outs, v.net.getUnconnectedOutLayersNames());
    cv::dnn::MatShape inShape(x.size.p, x.size.p + x.dims);
    for (int id = 1; id <= (int)v.net.getLayerNames().size(); id++) {
        cv::Ptr<cv::dnn::Layer> layer = v.net.getLayer(id);
        if (layer->type != "Slice" && layer->type != "Concat")
            continue;
        std::vector<cv::dnn::MatShape> ins, outShapes;
        v.net.getLayerShapes(inShape, id, ins, outShapes);
        TimedLayer t{layer, {}, {}, {}, {}};
        for (const cv::dnn::MatShape &s : ins)
            t.in.push_back(deviceTensor(s));
        for (const cv::dnn::MatShape &s : outShapes)
            t.out.push_back(deviceTensor(s));
        v.layers.push_back(t);
    }
    return true;
}

void runLayer(TimedLayer &t)
{
    t.layer->forward(t.in, t.out, t.internals);
    cv::ocl::finish();
}

bool sameOutputs(const Variant &a, const Variant &b)
{
    if (a.layers.size() != b.layers.size())
        return false;
    for (size_t l = 0; l < a.layers.size(); l++)
        for (size_t k = 0; k < a.layers[l].out.size(); k++) {
            cv::Mat x = a.layers[l].out[k].getMat(cv::ACCESS_READ);
            cv::Mat y = b.layers[l].out[k].getMat(cv::ACCESS_READ);
            if (x.total() != y.total() ||
                std::memcmp(x.data, y.data, x.total() * x.elemSize()))
                return false;
        }
    return true;
}

void timeRound(std::vector<Variant> &vs, const cv::Mat &x, int runs)
{
    for (Variant &v : vs) {
        for (TimedLayer &t : v.layers)
            t.ms.clear();
        v.netMs.clear();
    }
    for (int r = 0; r < runs; r++)
        for (Variant &v : vs) {
            if (!v.error.empty())
                continue;
            for (TimedLayer &t : v.layers) {
                Clock::time_point start = Clock::now();
                runLayer(t);
                t.ms.push_back(msSince(start));
            }
            Clock::time_point start = Clock::now();
            v.net.setInput(x);
            std::vector<cv::Mat> outs;
            v.net.forward(outs, v.net.getUnconnectedOutLayersNames());
            v.netMs.push_back(msSince(start));
        }
}

void benchCase(const ModelCase &c, const std::string &dir, int runs,
               int rounds)
{
    std::string path = dir + "/" + c.name + ".onnx";
    cv::Mat x = caseInput(c);
    std::vector<Variant> vs(2);
    vs[0].name = "opencv";
    vs[1].name = "clslice";
    vs[1].clslice = true;
    for (Variant &v : vs)
        if (readNet(v, path, x))
            for (TimedLayer &t : v.layers)
                runLayer(t); // warm: programs built, buffers touched
    if (!vs[1].error.empty()) {
        std::printf("%-16s clslice: %s\n", c.name.c_str(),
                    vs[1].error.c_str());
        return;
    }
    bool both = vs[0].error.empty();
    if (both && !sameOutputs(vs[0], vs[1])) {
        std::printf("%-16s the layers' outputs differ\n", c.name.c_str());
        std::exit(1);
    }
    for (int round = 0; round < rounds; round++) {
        timeRound(vs, x, runs);
        for (size_t l = 0; l < vs[1].layers.size(); l++) {
            // OpenCV names a layer of an ONNX node "onnx_node!NODE".
            std::string layer = vs[1].layers[l].layer->name;
            layer = layer.substr(layer.find('!') + 1);
            double ocv = both ? median(vs[0].layers[l].ms) : NAN;
            double cls = median(vs[1].layers[l].ms);
            std::printf("%-16s %-7s %10.3f %10.3f %7.2f   %9.3f %9.3f   %s\n",
                        c.name.c_str(), layer.c_str(),
                        ocv, cls, ocv / cls, median(vs[0].netMs),
                        median(vs[1].netMs), loadAverage().c_str());
        }
    }
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s MODELDIR [--runs N] [--rounds R]\n",
                     argv[0]);
        return 2;
    }
    int runs = 21, rounds = 2;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--runs"))
            runs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--rounds"))
            rounds = std::atoi(argv[i + 1]);
    }
    setenv("OPENCV_OPENCL_DEVICE", ":CPU:", 0);
    setenv("OPENCV_DNN_OPENCL_ALLOW_ALL_DEVICES", "1", 0);
    cv::ocl::setUseOpenCL(true);
    if (!cv::ocl::useOpenCL()) {
        std::printf("no OpenCL device for OpenCV\n");
        return 1;
    }
    std::printf("OpenCV %s on '%s', clslice %s; median of %d runs, ms; "
                "\"n/a\": OpenCV cannot read the model\n",
                CV_VERSION, cv::ocl::Device::getDefault().name().c_str(),
                clslice_version_string(), runs);
    std::printf("%-16s %-7s %10s %10s %7s   %9s %9s   %s\n", "model",
                "layer", "opencv", "clslice", "ratio", "net:ocv", "net:cls",
                "load");
    for (const ModelCase &c : readCases(argv[1]))
        benchCase(c, argv[1], runs, rounds);
    return 0;
}

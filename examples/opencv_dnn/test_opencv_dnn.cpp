// test_opencv_dnn MODELDIR: every model of the manifest through OpenCV
// DNN with clslice's layers, on the OpenCL target (which must reach the
// device path) and on the CPU target (the host path), each output
// compared with the ONNX reference's checksum and with OpenCV's own CPU
// layers byte for byte where OpenCV can read the model (it cannot read
// negative steps).  Exit status: 0 when every check holds, 1 otherwise,
// 77 (skipped) without an OpenCL device, or 1 where
// CLSLICE_REQUIRE_DEVICE=1 requires one.
//
// OpenCV's OpenCL target runs on a CPU device such as PoCL only with
// OPENCV_OPENCL_DEVICE=:CPU: (its default choice skips CPU devices) and
// OPENCV_DNN_OPENCL_ALLOW_ALL_DEVICES=1 (else DNN falls back to its CPU
// code on a non-GPU device); they are set here unless already set.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <opencv2/core/ocl.hpp>
#include <opencv2/dnn.hpp>

#include "clslice_layers.hpp"
#include "model_cases.hpp"

using namespace clslice_opencv;

namespace {

int failures = 0;

void expect(bool ok, const std::string &what)
{
    if (!ok) {
        std::printf("  FAIL %s\n", what.c_str());
        failures++;
    }
}

// The net's outputs for the case's input, with or without clslice.
struct Run {
    bool read = false;               // the model could be read
    std::string error;               // why not
    std::vector<cv::Mat> outputs;
    ForwardCounts counts;            // summed over the net's layers
};

Run run(const ModelCase &c, const std::string &path, bool clslice,
        int target)
{
    Run r;
    bool registered = clslice;
    if (registered)
        registerLayers();
    try {
        cv::dnn::Net net = cv::dnn::readNetFromONNX(path);
        if (registered) {
            unregisterLayers();
            registered = false;
        }
        net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        net.setPreferableTarget(target);
        net.setInput(caseInput(c));
        net.forward(r.outputs, net.getUnconnectedOutLayersNames());
        for (int id = 1; id <= (int)net.getLayerNames().size(); id++) {
            ForwardCounts n = forwardCounts(net.getLayer(id));
            r.counts.device += n.device;
            r.counts.host += n.host;
        }
        r.read = true;
    } catch (const cv::Exception &e) {
        if (registered)
            unregisterLayers();
        r.error = e.err;
    }
    return r;
}

// The outputs against the manifest: count, shapes and checksums.
void expectReference(const ModelCase &c, const Run &r, const char *variant)
{
    std::string where = c.name + " " + variant;
    if (!r.read) {
        expect(false, where + ": " + r.error);
        return;
    }
    expect(r.outputs.size() == c.output_shapes.size(),
           where + ": number of outputs");
    for (size_t k = 0; k < r.outputs.size() && k < c.output_shapes.size();
         k++) {
        const cv::Mat &m = r.outputs[k];
        std::vector<int> shape(m.size.p, m.size.p + m.dims);
        expect(shape == c.output_shapes[k],
               where + ": output " + std::to_string(k) + " has shape " +
                   shapeText(shape) + ", want " +
                   shapeText(c.output_shapes[k]));
        expect(shape == c.output_shapes[k] &&
                   checksum(m) == c.output_sums[k],
               where + ": output " + std::to_string(k) +
                   " differs from the ONNX reference");
    }
}

bool sameBytes(const std::vector<cv::Mat> &a, const std::vector<cv::Mat> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t k = 0; k < a.size(); k++)
        if (a[k].total() != b[k].total() ||
            std::memcmp(a[k].data, b[k].data, a[k].total() * 4) != 0)
            return false;
    return true;
}

void testCase(const ModelCase &c, const std::string &dir)
{
    std::string path = dir + "/" + c.name + ".onnx";
    Run device = run(c, path, true, cv::dnn::DNN_TARGET_OPENCL);
    Run host = run(c, path, true, cv::dnn::DNN_TARGET_CPU);
    Run opencv = run(c, path, false, cv::dnn::DNN_TARGET_CPU);
    std::printf("%-16s device %ld, host %ld forwards; OpenCV's own: %s\n",
                c.name.c_str(), device.counts.device, host.counts.host,
                opencv.read ? "read" : "cannot read the model");
    expectReference(c, device, "OpenCL target");
    expectReference(c, host, "CPU target");
    // Each target must have taken its own path through the layers.
    expect(device.counts.device > 0 && device.counts.host == 0,
           c.name + ": the OpenCL target did not run on the device");
    expect(host.counts.host > 0 && host.counts.device == 0,
           c.name + ": the CPU target did not run on the host");
    if (opencv.read) {
        expectReference(c, opencv, "OpenCV's own layers");
        expect(sameBytes(device.outputs, opencv.outputs),
               c.name + ": OpenCL target differs from OpenCV's CPU layers");
    }
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s MODELDIR\n", argv[0]);
        return 2;
    }
    setenv("OPENCV_OPENCL_DEVICE", ":CPU:", 0);
    setenv("OPENCV_DNN_OPENCL_ALLOW_ALL_DEVICES", "1", 0);
    cv::ocl::setUseOpenCL(true);
    if (!cv::ocl::haveOpenCL() || !cv::ocl::useOpenCL()) {
        // scripts/test.sh sets it: no device must not pass for a run.
        const char *required = std::getenv("CLSLICE_REQUIRE_DEVICE");
        if (required && std::strcmp(required, "1") == 0) {
            std::fprintf(stderr, "no OpenCL device for OpenCV, and "
                                 "CLSLICE_REQUIRE_DEVICE=1 requires one\n");
            return 1;
        }
        std::printf("no OpenCL device for OpenCV: skipped (set "
                    "CLSLICE_REQUIRE_DEVICE=1 to fail instead)\n");
        return 77;
    }
    std::printf("OpenCV %s on '%s'\n", CV_VERSION,
                cv::ocl::Device::getDefault().name().c_str());
    std::vector<ModelCase> cases = readCases(argv[1]);
    for (const ModelCase &c : cases)
        testCase(c, argv[1]);
    std::printf("%zu models, %d failed checks\n", cases.size(), failures);
    return failures ? 1 : 0;
}

// clslice inside OpenCV DNN: layers that take the place of OpenCV's own
// "Slice" (which its ONNX importer also makes for Split) and "Concat".
//
// On the OpenCL target they run clslice on the UMats' buffers, on
// OpenCV's own context and in-order queue; on the CPU target (or
// wherever OpenCV hands them Mats) they run clslice's host executors.
// Parameters they do not model (Caffe's and TensorFlow's Slice "size",
// Concat "padding") get OpenCV's own layer instead.
#pragma once

#include <opencv2/dnn.hpp>

namespace clslice_opencv {

// Registers the layers with OpenCV's layer factory: nets read after this
// call use them.  OpenCV keeps a stack of constructors per layer type, so
// unregisterLayers() brings OpenCV's own back.
void registerLayers();
void unregisterLayers();

// How often a layer made here ran on the device (UMats) and on the host
// (Mats); zeros for any other layer.  For tests and benchmarks.
struct ForwardCounts {
    long device = 0;
    long host = 0;
};
ForwardCounts forwardCounts(const cv::Ptr<cv::dnn::Layer> &layer);

}  // namespace clslice_opencv

// The models of models/ (written by make_models.py) and their manifest,
// models/cases.txt: the input each model is run on and the checksums of
// the outputs the ONNX reference evaluator gave for it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace clslice_opencv {

struct ModelCase {
    std::string name;   // models/<name>.onnx
    std::vector<int> input_shape;
    std::vector<std::vector<int>> output_shapes;
    std::vector<uint64_t> output_sums; // checksum() of each reference output
};

// Reads DIR/cases.txt; throws cv::Exception on a malformed line.
std::vector<ModelCase> readCases(const std::string &dir);

// The input every model runs on: float32 of the case's shape whose
// element i is i.
cv::Mat caseInput(const ModelCase &c);

// make_models.py's checksum of a continuous float32 Mat: the sum over k
// of (w[k] XOR k * 0x9E3779B97F4A7C15) * (2k + 1) mod 2^64, w[k] the bits
// of element k.
uint64_t checksum(const cv::Mat &m);

// "1x3x800x1500"
std::string shapeText(const std::vector<int> &shape);

}  // namespace clslice_opencv

// The manifest of the test models (model_cases.hpp).
#include "model_cases.hpp"

#include <cstring>
#include <fstream>
#include <sstream>

namespace clslice_opencv {
namespace {

std::vector<int> parseShape(const std::string &text)
{
    std::vector<int> shape;
    std::istringstream in(text);
    std::string dim;
    while (std::getline(in, dim, 'x'))
        shape.push_back(std::stoi(dim));
    return shape;
}

ModelCase parseLine(const std::string &line)
{
    std::istringstream in(line);
    ModelCase c;
    std::string shape, output;
    if (!(in >> c.name >> shape))
        CV_Error(cv::Error::StsParseError, "cases.txt: bad line: " + line);
    c.input_shape = parseShape(shape);
    while (in >> output) {
        size_t colon = output.find(':');
        if (colon == std::string::npos)
            CV_Error(cv::Error::StsParseError,
                     "cases.txt: output without checksum: " + output);
        c.output_shapes.push_back(parseShape(output.substr(0, colon)));
        c.output_sums.push_back(
            std::stoull(output.substr(colon + 1), nullptr, 16));
    }
    if (c.output_shapes.empty())
        CV_Error(cv::Error::StsParseError, "cases.txt: no output: " + line);
    return c;
}

}  // namespace

std::vector<ModelCase> readCases(const std::string &dir)
{
    std::ifstream file(dir + "/cases.txt");
    if (!file)
        CV_Error(cv::Error::StsError, "cannot read " + dir + "/cases.txt");
    std::vector<ModelCase> cases;
    std::string line;
    while (std::getline(file, line))
        if (!line.empty() && line[0] != '#')
            cases.push_back(parseLine(line));
    return cases;
}

cv::Mat caseInput(const ModelCase &c)
{
    cv::Mat x((int)c.input_shape.size(), c.input_shape.data(), CV_32F);
    float *v = x.ptr<float>();
    for (size_t i = 0; i < x.total(); i++)
        v[i] = (float)i;
    return x;
}

uint64_t checksum(const cv::Mat &m)
{
    CV_Assert(m.isContinuous() && m.elemSize() == 4);
    uint64_t sum = 0;
    for (uint64_t k = 0; k < m.total(); k++) {
        uint32_t w;
        std::memcpy(&w, m.data + 4 * k, 4);
        sum += ((uint64_t)w ^ (k * 0x9E3779B97F4A7C15ull)) * (2 * k + 1);
    }
    return sum;
}

std::string shapeText(const std::vector<int> &shape)
{
    std::string text;
    for (size_t i = 0; i < shape.size(); i++)
        text += (i ? "x" : "") + std::to_string(shape[i]);
    return text;
}

}  // namespace clslice_opencv

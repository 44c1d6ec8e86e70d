/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#include "svmfix.h"

#include <string.h>

#include "testutil.h" /* cmocka: print_message, skip */

int tu_svm_setup(void **state)
{
    static tu_svm_fixture f;
    memset(&f, 0, sizeof f);
    *state = &f;
    if (!tu_dev_open(&f.dev))
        return 0;
    if (clGetDeviceInfo(f.dev.cl.device, CL_DEVICE_SVM_CAPABILITIES,
                        sizeof f.caps, &f.caps, NULL) != CL_SUCCESS)
        f.caps = 0;
    if (!(f.caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER))
        print_message("the device has no SVM buffers: the SVM tests skip\n");
    return 0;
}

int tu_svm_teardown(void **state)
{
    tu_svm_fixture *f = *state;
    tu_dev_close(&f->dev);
    return 0;
}

void tu_svm_skip_without(tu_svm_fixture *f, bool fine)
{
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    if (!(f->caps & (fine ? CL_DEVICE_SVM_FINE_GRAIN_BUFFER
                          : CL_DEVICE_SVM_COARSE_GRAIN_BUFFER))) {
        print_message("no %s-grained SVM on this device: skipped\n",
                      fine ? "fine" : "coarse");
        skip();
    }
}

void tu_svm_skip_with(tu_svm_fixture *f)
{
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    if (f->caps) {
        print_message("the device has SVM: nothing to refuse, skipped\n");
        skip();
    }
}

void tu_svm_host_begin(tu_dev *dev, bool fine, void *pool, size_t bytes,
                       cl_map_flags flags)
{
    if (!fine)
        TU_CL_CHECK(clEnqueueSVMMap(dev->queue, CL_TRUE, flags, pool, bytes,
                                    0, NULL, NULL));
}

void tu_svm_host_end(tu_dev *dev, bool fine, void *pool)
{
    if (!fine)
        TU_CL_CHECK(clEnqueueSVMUnmap(dev->queue, pool, 0, NULL, NULL));
    TU_CL_CHECK(clFinish(dev->queue));
}

/* provenance.json's members that share a name with a record field: the study's host (the record's
 * host is a copy of it), the OS kernel, the GPU probe ({device_name, ...}), how many repeats and
 * runs were asked for. Written by run, read by report, compare, merge and export; not record
 * fields (record/ok_record.def), so named here and not by OK_FNAME. */
#ifndef OK_PROVENANCE_H
#define OK_PROVENANCE_H
#define PROV_HOST "host"
#define PROV_KERNEL "kernel"
#define PROV_GPU "gpu"
#define PROV_REPEAT "repeat"
#define PROV_RUNS "runs"
#endif

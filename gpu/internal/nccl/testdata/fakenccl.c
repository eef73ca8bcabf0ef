/* A stand-in for libnccl.so.2 with nccl.h's prototypes (NCCL 2.28), for the binding's tests:
 * it records the arguments it gets, so the tests check what the Go side passes, as the C
 * compiler reads it. It also has functions that take an ncclUniqueId by value in the shapes
 * of ncclCommInitRank and ncclCommInitRankConfig (take4, take5), for the ABI packing. */
#include <stddef.h>
#include <string.h>

typedef struct { char internal[128]; } ncclUniqueId;
typedef struct ncclComm* ncclComm_t;
typedef struct { size_t size; unsigned int magic; unsigned int version; int blocking; } ncclConfig_t;
typedef enum { ncclSuccess = 0, ncclInvalidUsage = 5, ncclInProgress = 7 } ncclResult_t;

struct ncclComm { int unused; };
static struct ncclComm theComm;

/* What the last calls got. */
int rec_nranks = -1, rec_rank = -1, rec_nid = -1, rec_blocking = -2, rec_via = 0;
unsigned int rec_magic, rec_version;
size_t rec_size;
unsigned char rec_id[128];
size_t rec_count;
int rec_dtype = -1, rec_op = -1, rec_root = -1, aborted = 0;
void *rec_send, *rec_recv, *rec_stream, *rec_comm;
/* How the fake behaves: polls before an init completes, and whether it then fails. */
int pending_polls = 0, fail_init = 0;
static int pending = 0;
static const char *last = "";

ncclResult_t ncclGetVersion(int *v) { *v = 22803; return ncclSuccess; }
ncclResult_t ncclGetUniqueId(ncclUniqueId *id) {
  for (int i = 0; i < 128; i++) id->internal[i] = (char)(i * 7 + 1);
  return ncclSuccess;
}
const char *ncclGetErrorString(ncclResult_t r) { return r == ncclInvalidUsage ? "invalid usage (run with NCCL_DEBUG=WARN for details)" : "other"; }
const char *ncclGetLastError(ncclComm_t comm) { (void)comm; return last; }

static ncclResult_t init(ncclComm_t *comm, int nranks, const ncclUniqueId *id, int rank, ncclConfig_t *cfg, int nid, int via) {
  rec_nranks = nranks; rec_rank = rank; rec_nid = nid; rec_via = via;
  memcpy(rec_id, id->internal, 128);
  if (cfg) { rec_size = cfg->size; rec_magic = cfg->magic; rec_version = cfg->version; rec_blocking = cfg->blocking; }
  *comm = &theComm;
  pending = pending_polls;
  if (fail_init) last = "Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 18000";
  return pending > 0 ? ncclInProgress : ncclSuccess;
}
ncclResult_t ncclCommInitRankScalable(ncclComm_t *c, int nranks, int myrank, int nId, ncclUniqueId *ids, ncclConfig_t *cfg) {
  return init(c, nranks, ids, myrank, cfg, nId, 1);
}
ncclResult_t ncclCommInitRankConfig(ncclComm_t *c, int nranks, ncclUniqueId id, int rank, ncclConfig_t *cfg) {
  return init(c, nranks, &id, rank, cfg, 1, 2);
}
ncclResult_t ncclCommInitRank(ncclComm_t *c, int nranks, ncclUniqueId id, int rank) { return init(c, nranks, &id, rank, NULL, 1, 3); }
ncclResult_t ncclCommGetAsyncError(ncclComm_t c, ncclResult_t *st) {
  rec_comm = c;
  if (pending > 0) { pending--; *st = ncclInProgress; return ncclSuccess; }
  *st = fail_init ? ncclInvalidUsage : ncclSuccess;
  return ncclSuccess;
}
ncclResult_t ncclCommAbort(ncclComm_t c) { (void)c; aborted++; return ncclSuccess; }
ncclResult_t ncclCommDestroy(ncclComm_t c) { (void)c; return ncclSuccess; }
ncclResult_t ncclCommCuDevice(const ncclComm_t c, int *d) { (void)c; *d = 3; return ncclSuccess; }
ncclResult_t ncclCommCount(const ncclComm_t c, int *n) { (void)c; *n = rec_nranks; return ncclSuccess; }
ncclResult_t ncclCommUserRank(const ncclComm_t c, int *r) { (void)c; *r = rec_rank; return ncclSuccess; }
ncclResult_t ncclAllReduce(const void *s, void *r, size_t count, int dt, int op, ncclComm_t c, void *stream) {
  rec_send = (void *)s; rec_recv = r; rec_count = count; rec_dtype = dt; rec_op = op; rec_comm = c; rec_stream = stream;
  return ncclSuccess;
}
ncclResult_t ncclBroadcast(const void *s, void *r, size_t count, int dt, int root, ncclComm_t c, void *stream) {
  rec_send = (void *)s; rec_recv = r; rec_count = count; rec_dtype = dt; rec_root = root; rec_comm = c; rec_stream = stream;
  return ncclSuccess;
}
ncclResult_t ncclGroupStart(void) { return ncclSuccess; }
ncclResult_t ncclGroupEnd(void) { return ncclSuccess; }

/* take4 and take5 have the shapes of ncclCommInitRank and ncclCommInitRankConfig: they
 * copy what they got into out (the id's 128 bytes, then nranks, rank and *cfg). */
int take4(unsigned char *out, int nranks, ncclUniqueId id, int rank) {
  memcpy(out, id.internal, 128);
  memcpy(out + 128, &nranks, 4);
  memcpy(out + 132, &rank, 4);
  return 42;
}
int take5(unsigned char *out, int nranks, ncclUniqueId id, int rank, const int *cfg) {
  memcpy(out, id.internal, 128);
  memcpy(out + 128, &nranks, 4);
  memcpy(out + 132, &rank, 4);
  memcpy(out + 136, cfg, 4);
  return 43;
}

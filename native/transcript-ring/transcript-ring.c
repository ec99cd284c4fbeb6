// A transcript's file, written through a shared memory mapping (main/platform/transcript-ring.ts
// is its only user; main/platform/transcript-format.ts describes the layout). Output is copied
// straight into the page cache: no write call, no thread-pool round trip, no buffer waiting for
// the disk — what was copied is the file's, and a kill -9 of the process a moment later does not
// take it back.
//
// The output area is mapped twice, back to back, so a copy that runs past its end lands at its
// start: the ring wraps without a split. A mapped page that cannot be backed (a full disk, the
// file cut short by someone else) raises SIGBUS on the copy that touches it; that copy runs
// under a guard that turns the signal into a failed write, so the recording stops and the
// process lives on. Every other SIGBUS — another thread's, another address's — goes to whoever
// handled it before; a library that installs its own handler later is chained to the same way
// (each write checks the handler is still ours, one system call: docs/benchmarks.md#transcripts).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <node_api.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef struct {
  int fd;
  char* meta; /* the header page and the index: [0, meta_bytes) of the file */
  size_t meta_bytes;
  char* data; /* the output area, mapped twice: [meta_bytes, meta_bytes + data_bytes) */
  size_t data_bytes;
  uint64_t head; /* output bytes ever written; also stored at HEAD_OFFSET */
  pid_t thread; /* the JS thread that opened it, the only one that copies into it */
  char* scratch;
  size_t scratch_bytes;
  int failed;
} ring_t;

/* Where the header page keeps the output head (bytes ever written), as transcript-format.ts reads it. */
#define HEAD_OFFSET 0

/*
 * The copy in progress, if any. A plain global, not thread-local: this object is dlopen'd, so a
 * __thread variable is reached through __tls_get_addr, which may allocate on a thread's first
 * touch — not something a signal handler may do. Every field is written only by the thread that
 * owns the guard (`thread`), so the handler, running on the faulting thread, either sees its own
 * stores or a thread id that is not its own. volatile: the copy never reads them, and the
 * compiler must not drop or move the stores around it.
 */
static struct {
  volatile pid_t thread; /* the guarding thread, 0 when no copy runs */
  sigjmp_buf* volatile jump;
  char* volatile from; /* the mapped bytes being copied to: [from, to) */
  char* volatile to;
} guard;
/* The thread that is calling a handler we chained to: a handler that chains back to us is a loop. */
static volatile pid_t chaining;
static struct sigaction previous_sigbus;

static pid_t thread_id(void) {
  return (pid_t)syscall(SYS_gettid); /* a bare system call: async-signal-safe, unlike gettid() on older glibc */
}

static void chain(int signal, siginfo_t* info, void* context, pid_t self) {
  int loop = chaining == self;
  if (!loop && (previous_sigbus.sa_flags & SA_SIGINFO)) {
    chaining = self;
    previous_sigbus.sa_sigaction(signal, info, context);
    chaining = 0;
  } else if (!loop && previous_sigbus.sa_handler != SIG_DFL && previous_sigbus.sa_handler != SIG_IGN) {
    chaining = self;
    previous_sigbus.sa_handler(signal);
    chaining = 0;
  } else {
    /* the default action (also what ends a loop): a fault repeats on return and meets it; a
       signal sent with kill() would not, so it is sent again */
    static const struct sigaction default_action; /* zero: SIG_DFL */
    sigaction(signal, &default_action, NULL);
    if (!info || info->si_code <= 0) raise(signal);
  }
}

static void on_sigbus(int signal, siginfo_t* info, void* context) {
  pid_t self = thread_id();
  /* si_addr means an address only in a fault the kernel raised (si_code > 0), not in a kill() */
  char* at = info && info->si_code > 0 ? (char*)info->si_addr : NULL;
  /* ours only when this thread is copying and the fault is in the bytes it copies to */
  if (guard.thread == self && at >= guard.from && at < guard.to) siglongjmp(*guard.jump, 1);
  chain(signal, info, context, self);
}

static int is_ours(const struct sigaction* action) {
  return (action->sa_flags & SA_SIGINFO) && action->sa_sigaction == on_sigbus;
}

/*
 * Installs the handler, or puts it back when a library installed its own since: that newcomer
 * becomes the handler we chain to. A copy runs only once this succeeded.
 */
static int ensure_handler(void) {
  struct sigaction now;
  if (sigaction(SIGBUS, NULL, &now) != 0) return -1;
  if (is_ours(&now)) return 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_sigbus;
  /* SA_NODEFER: the guard jumps out of the handler without restoring the signal mask (that
     would be a system call per copy), so SIGBUS must not stay blocked after a caught one */
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  /* written while our handler is not installed: no SIGBUS from now on reads it half-written */
  previous_sigbus = now;
  return sigaction(SIGBUS, &action, NULL);
}

#if defined(__x86_64__)
#include <emmintrin.h>
/*
 * A copy that bypasses the CPU caches (non-temporal stores): the ring is megabytes that nobody
 * reads back soon, and a flood would otherwise push the pty's and the parser's working sets out
 * of the caches it shares with them.
 */
static void stream_copy(char* to, const char* from, size_t bytes) {
  size_t lead = (16 - ((uintptr_t)to & 15)) & 15;
  if (lead > bytes) lead = bytes;
  memcpy(to, from, lead);
  to += lead;
  from += lead;
  bytes -= lead;
  for (; bytes >= 64; bytes -= 64, to += 64, from += 64) {
    __m128i a = _mm_loadu_si128((const __m128i*)from), b = _mm_loadu_si128((const __m128i*)(from + 16));
    __m128i c = _mm_loadu_si128((const __m128i*)(from + 32)), d = _mm_loadu_si128((const __m128i*)(from + 48));
    _mm_stream_si128((__m128i*)to, a);
    _mm_stream_si128((__m128i*)(to + 16), b);
    _mm_stream_si128((__m128i*)(to + 32), c);
    _mm_stream_si128((__m128i*)(to + 48), d);
  }
  memcpy(to, from, bytes);
  _mm_sfence();
}
#else
#define stream_copy memcpy
#endif

/*
 * A copy into the mapping by the ring's own thread, once ensure_handler() succeeded; 0, or -1
 * when the pages could not be backed (SIGBUS). Another JS thread copying at the same moment (a
 * worker with a ring of its own) waits for the guard: copies take microseconds.
 */
static int guarded_copy(ring_t* ring, char* to, const char* from, size_t bytes, int stream) {
  pid_t none = 0;
  while (!__atomic_compare_exchange_n(&guard.thread, &none, ring->thread, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
    none = 0;
    sched_yield();
  }
  sigjmp_buf here;
  guard.jump = &here;
  guard.from = to;
  guard.to = to + bytes;
  int result = 0;
  if (sigsetjmp(here, 0)) {
    result = -1;
  } else if (stream) {
    stream_copy(to, from, bytes);
  } else {
    memcpy(to, from, bytes);
  }
  guard.from = guard.to = NULL;
  __atomic_store_n(&guard.thread, 0, __ATOMIC_RELEASE);
  return result;
}

static void unmap(ring_t* ring) {
  if (ring->data) munmap(ring->data, 2 * ring->data_bytes);
  if (ring->meta) munmap(ring->meta, ring->meta_bytes);
  if (ring->fd >= 0) close(ring->fd);
  ring->data = NULL;
  ring->meta = NULL;
  ring->fd = -1;
}

static void finalize(napi_env env, void* data, void* hint) {
  (void)env;
  (void)hint;
  ring_t* ring = data;
  unmap(ring);
  free(ring->scratch);
  free(ring);
}

static napi_value throw_error(napi_env env, const char* message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

/* ---- open: in the thread pool (a file made and mapped), resolved with the ring ---- */

typedef struct {
  char* path;
  size_t meta_bytes;
  size_t data_bytes;
  ring_t* ring;
  const char* step;
  int error;
  napi_deferred deferred;
  napi_async_work work;
} open_job_t;

static void open_execute(napi_env env, void* data) {
  (void)env;
  open_job_t* job = data;
  ring_t* ring = calloc(1, sizeof *ring);
  ring->fd = -1;
  job->ring = ring;
  job->step = "open";
  ring->fd = open(job->path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (ring->fd < 0) goto failed;
  /* sparse: pages get disk space as they are first written, and a full disk is a SIGBUS there */
  job->step = "size";
  if (ftruncate(ring->fd, (off_t)(job->meta_bytes + job->data_bytes)) != 0) goto failed;
  job->step = "map";
  void* meta = mmap(NULL, job->meta_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, ring->fd, 0);
  if (meta == MAP_FAILED) goto failed;
  ring->meta = meta;
  ring->meta_bytes = job->meta_bytes;
  char* area = mmap(NULL, 2 * job->data_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED) goto failed;
  ring->data = area;
  ring->data_bytes = job->data_bytes;
  for (int copy = 0; copy < 2; copy++) {
    void* at = mmap(area + copy * job->data_bytes, job->data_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, ring->fd, (off_t)job->meta_bytes);
    if (at == MAP_FAILED) goto failed;
  }
  return;
failed:
  job->error = errno;
  unmap(ring);
}

static void open_complete(napi_env env, napi_status status, void* data) {
  open_job_t* job = data;
  napi_value result;
  if (status == napi_ok && job->error == 0) {
    job->ring->thread = thread_id();
    napi_create_external(env, job->ring, finalize, NULL, &result);
    napi_resolve_deferred(env, job->deferred, result);
  } else {
    char message[256];
    snprintf(message, sizeof message, "%s: %s", job->step, strerror(job->error ? job->error : EIO));
    napi_value text, code;
    napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &text);
    napi_create_error(env, NULL, text, &result);
    napi_create_int32(env, job->error ? job->error : EIO, &code);
    napi_set_named_property(env, result, "errno", code);
    napi_reject_deferred(env, job->deferred, result);
    free(job->ring);
  }
  napi_delete_async_work(env, job->work);
  free(job->path);
  free(job);
}

/* open(path, metaBytes, dataBytes): Promise<ring>. dataBytes: a multiple of the page size. */
static napi_value ring_open(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  size_t length = 0;
  int64_t meta_bytes = 0, data_bytes = 0;
  if (argc < 3 || napi_get_value_string_utf8(env, argv[0], NULL, 0, &length) != napi_ok ||
      napi_get_value_int64(env, argv[1], &meta_bytes) != napi_ok || napi_get_value_int64(env, argv[2], &data_bytes) != napi_ok)
    return throw_error(env, "open(path, metaBytes, dataBytes)");
  long page = sysconf(_SC_PAGESIZE);
  if (meta_bytes < HEAD_OFFSET + 8 || meta_bytes % page != 0 || data_bytes <= 0 || data_bytes % page != 0)
    return throw_error(env, "open: metaBytes and dataBytes must be whole pages");
  open_job_t* job = calloc(1, sizeof *job);
  job->path = malloc(length + 1);
  napi_get_value_string_utf8(env, argv[0], job->path, length + 1, &length);
  job->meta_bytes = (size_t)meta_bytes;
  job->data_bytes = (size_t)data_bytes;
  napi_value promise, name;
  napi_create_promise(env, &job->deferred, &promise);
  napi_create_string_utf8(env, "transcript-ring-open", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, NULL, name, open_execute, open_complete, job, &job->work);
  napi_queue_async_work(env, job->work);
  return promise;
}

/* The call's arguments (`count` of them) with the ring first; NULL, and a JS error thrown, when they are not. */
static ring_t* ring_call(napi_env env, napi_callback_info info, size_t count, napi_value* argv, const char* usage) {
  size_t argc = count;
  ring_t* ring = NULL;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc != count || napi_get_value_external(env, argv[0], (void**)&ring) != napi_ok || !ring) {
    napi_throw_error(env, NULL, usage);
    return NULL;
  }
  return ring;
}

static napi_value number(napi_env env, double value) {
  napi_value result;
  napi_create_double(env, value, &result);
  return result;
}

/*
 * write(ring, text): appends text as UTF-8 to the output area and stores the new head; returns
 * the bytes written, or -1 once the ring failed (SIGBUS, or closed). text's UTF-8 must be
 * shorter than the area (the caller keeps its chunks to a third of it).
 */
static napi_value ring_write(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  ring_t* ring = ring_call(env, info, 2, argv, "write(ring, text)");
  if (!ring) return NULL;
  if (ring->failed || !ring->data) return number(env, -1);
  size_t units = 0;
  if (napi_get_value_string_utf16(env, argv[1], NULL, 0, &units) != napi_ok) return throw_error(env, "write: text must be a string");
  size_t need = 3 * units + 1;
  if (need > ring->scratch_bytes) {
    char* grown = realloc(ring->scratch, need);
    if (!grown) return throw_error(env, "write: out of memory");
    ring->scratch = grown;
    ring->scratch_bytes = need;
  }
  size_t bytes = 0;
  napi_get_value_string_utf8(env, argv[1], ring->scratch, ring->scratch_bytes, &bytes);
  if (bytes >= ring->data_bytes) return throw_error(env, "write: text longer than the ring");
  uint64_t head = ring->head + bytes;
  if (ensure_handler() != 0 || guarded_copy(ring, ring->data + ring->head % ring->data_bytes, ring->scratch, bytes, 1) != 0 ||
      guarded_copy(ring, ring->meta + HEAD_OFFSET, (const char*)&head, sizeof head, 0) != 0) {
    ring->failed = 1;
    return number(env, -1);
  }
  ring->head = head;
  return number(env, (double)bytes);
}

/* put(ring, offset, bytes): copies a Buffer into the header page or index at offset; false once the ring failed. */
static napi_value ring_put(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  ring_t* ring = ring_call(env, info, 3, argv, "put(ring, offset, buffer)");
  int64_t offset = 0;
  void* bytes = NULL;
  size_t length = 0;
  if (!ring) return NULL;
  if (napi_get_value_int64(env, argv[1], &offset) != napi_ok || napi_get_buffer_info(env, argv[2], &bytes, &length) != napi_ok)
    return throw_error(env, "put(ring, offset, buffer)");
  napi_value result;
  if (ring->failed || !ring->meta) {
    napi_get_boolean(env, 0, &result);
    return result;
  }
  if (offset < HEAD_OFFSET + 8 || (uint64_t)offset + length > ring->meta_bytes) return throw_error(env, "put: outside the header and index");
  if (ensure_handler() != 0 || guarded_copy(ring, ring->meta + offset, bytes, length, 0) != 0) ring->failed = 1;
  napi_get_boolean(env, !ring->failed, &result);
  return result;
}

/* close(ring): unmaps and closes the file (no flush: the page cache has it already). */
static napi_value ring_close(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  ring_t* ring = ring_call(env, info, 1, argv, "close(ring)");
  if (ring) unmap(ring);
  return NULL;
}

NAPI_MODULE_INIT() {
  const struct { const char* name; napi_callback function; } methods[] = {
    { "open", ring_open }, { "write", ring_write }, { "put", ring_put }, { "close", ring_close },
  };
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
    napi_value function;
    napi_create_function(env, methods[i].name, NAPI_AUTO_LENGTH, methods[i].function, NULL, &function);
    napi_set_named_property(env, exports, methods[i].name, function);
  }
  return exports;
}

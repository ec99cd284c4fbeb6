// Whether this process may create what Chromium's namespace sandbox needs: a user namespace
// with a uid map, and a pid namespace in it (main/cli/userns-probe.ts is its only user). The
// desktop launcher runs it in the Electron binary itself (ELECTRON_RUN_AS_NODE=1), so the
// AppArmor profile that applies to Electron applies to the probe. Node has no binding for
// unshare(2). The work happens in a forked child, which calls only async-signal-safe functions
// (the parent is multithreaded) and leaves this process's namespaces as they were.
#define _GNU_SOURCE
#include <errno.h>
#include <node_api.h>
#ifdef __linux__
#include <fcntl.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

enum step { STEP_OK = 0, STEP_FORK, STEP_USERNS, STEP_UID_MAP, STEP_PIDNS, STEP_PID1, STEP_LOST };

#ifdef __linux__
/* writes "<n>" of a non-negative int into buf; returns its length */
static int format_uint(char *buf, unsigned value) {
  char digits[12];
  int n = 0, len = 0;
  do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
  while (n > 0) buf[len++] = digits[--n];
  return len;
}

/* the child: each step in turn; reports (step, errno) on the pipe */
static void probe_child(int report, uid_t uid) {
  int result[2] = { STEP_OK, 0 };
  char map[40];
  int len = 0;
  if (unshare(CLONE_NEWUSER) != 0) { result[0] = STEP_USERNS; result[1] = errno; goto done; }
  map[len++] = '0'; map[len++] = ' ';
  len += format_uint(map + len, (unsigned)uid);
  map[len++] = ' '; map[len++] = '1'; map[len++] = '\n';
  int fd = open("/proc/self/uid_map", O_WRONLY | O_CLOEXEC);
  if (fd < 0 || write(fd, map, (size_t)len) != len) { result[0] = STEP_UID_MAP; result[1] = errno; if (fd >= 0) close(fd); goto done; }
  close(fd);
  if (unshare(CLONE_NEWPID) != 0) { result[0] = STEP_PIDNS; result[1] = errno; goto done; }
  /* the pid namespace gets its first process only at the next fork */
  pid_t init = fork();
  if (init < 0) { result[0] = STEP_PID1; result[1] = errno; goto done; }
  if (init == 0) _exit(getpid() == 1 ? 0 : 1);
  int status = 0;
  if (waitpid(init, &status, 0) != init || !WIFEXITED(status) || WEXITSTATUS(status) != 0) { result[0] = STEP_PID1; result[1] = 0; }
done:
  if (write(report, result, sizeof result) != (ssize_t)sizeof result) _exit(2);
  _exit(0);
}
#endif

/* probe(): [step, errno]; step 0 is success (enum step above) */
static napi_value probe(napi_env env, napi_callback_info info) {
  (void)info;
  int result[2] = { STEP_LOST, ENOSYS };
#ifdef __linux__
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    result[0] = STEP_FORK; result[1] = errno;
  } else {
    uid_t uid = geteuid();
    pid_t child = fork();
    if (child == 0) { close(fds[0]); probe_child(fds[1], uid); }
    close(fds[1]);
    if (child < 0) {
      result[0] = STEP_FORK; result[1] = errno;
    } else {
      ssize_t got;
      do { got = read(fds[0], result, sizeof result); } while (got < 0 && errno == EINTR);
      if (got != (ssize_t)sizeof result) { result[0] = STEP_LOST; result[1] = 0; }
      while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
    }
    close(fds[0]);
  }
#endif
  napi_value array, value;
  napi_create_array_with_length(env, 2, &array);
  for (unsigned i = 0; i < 2; i++) {
    napi_create_int32(env, result[i], &value);
    napi_set_element(env, array, i, value);
  }
  return array;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "probe", NAPI_AUTO_LENGTH, probe, NULL, &fn);
  napi_set_named_property(env, exports, "probe", fn);
  return exports;
}

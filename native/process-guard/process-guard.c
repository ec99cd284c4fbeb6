// Keeps other processes of the same user out of this one (main/platform/process-guard.ts is its
// only user): prctl(PR_SET_DUMPABLE, 0), as ssh-agent does. A non-dumpable process cannot be
// attached with ptrace by a process of the same user (only by one with CAP_SYS_PTRACE), and its
// /proc/<pid>/mem, environ, fd and maps belong to root. Node has no binding for prctl. An exec
// makes a process dumpable again, so every process that wants it calls this itself.
#include <errno.h>
#include <node_api.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* setNonDumpable(): 0, or the errno prctl failed with */
static napi_value set_non_dumpable(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#ifdef __linux__
  int error = prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 ? 0 : errno;
#else
  int error = ENOSYS;
#endif
  napi_create_int32(env, error, &result);
  return result;
}

/* isDumpable(): 1 or 0, as the kernel has it now; -1 when it cannot be read */
static napi_value is_dumpable(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#ifdef __linux__
  napi_create_int32(env, prctl(PR_GET_DUMPABLE, 0, 0, 0, 0), &result);
#else
  napi_create_int32(env, -1, &result);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "setNonDumpable", NAPI_AUTO_LENGTH, set_non_dumpable, NULL, &fn);
  napi_set_named_property(env, exports, "setNonDumpable", fn);
  napi_create_function(env, "isDumpable", NAPI_AUTO_LENGTH, is_dumpable, NULL, &fn);
  napi_set_named_property(env, exports, "isDumpable", fn);
  return exports;
}

{
  "targets": [
    {
      "target_name": "process_guard",
      "conditions": [["OS!='win'", { "sources": ["process-guard.c"] }]],
      "cflags": ["-O2", "-Wall", "-Wextra"]
    }
  ]
}

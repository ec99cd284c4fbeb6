{
  "targets": [
    {
      "target_name": "transcript_ring",
      "conditions": [["OS!='win'", { "sources": ["transcript-ring.c"] }]],
      "cflags": ["-O2", "-Wall", "-Wextra"]
    }
  ]
}

{
  "targets": [
    {
      "target_name": "userns_probe",
      "conditions": [["OS!='win'", { "sources": ["userns-probe.c"] }]],
      "cflags": ["-O2", "-Wall", "-Wextra"]
    }
  ]
}

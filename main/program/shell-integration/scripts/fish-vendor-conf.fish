# ripcord: installed as <dir>/fish/vendor_conf.d/ripcord-secret.fish, which fish sources before the
# user's config.fish: reads the secret there when fish-set-locale.fish did not run.
source (status dirname)/../../ripcord-secret.fish

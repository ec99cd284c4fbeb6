# ripcord: installed as <dir>/fish/vendor_functions.d/__fish_set_locale.fish. fish's own start-up
# (share/config.fish) calls __fish_set_locale before it reads any configuration of the user's,
# and finds this file first in XDG_DATA_DIRS: the secret is read here, then fish's own function
# takes over (docs/shell-integration.md).
source (status dirname)/../../ripcord-secret.fish
source $__fish_data_dir/functions/__fish_set_locale.fish

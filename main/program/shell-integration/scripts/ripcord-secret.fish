# ripcord: the session's secret and exit commands, read once, then the file emptied (with
# builtins: cat and rm would be two forks). Sourced as early as fish allows — from
# fish-set-locale.fish, before any configuration of the user's runs — and again, doing nothing
# then, from the vendor conf.d snippet and ripcord.fish (docs/shell-integration.md).
if not set -q __ripcord_secret
    set -g __ripcord_secret
    set -g __ripcord_exit_commands
    set -l session_file (status dirname)/secret
    if test -r $session_file
        set -l lines
        while read -l line
            set -a lines $line
        end <$session_file
        true >$session_file
        set -g __ripcord_secret $lines[1]
        set -g __ripcord_exit_commands $lines[2..-1]
    end
    # XDG_DATA_DIRS led fish to ripcord's directory; the programs the shell starts get the user's
    if set -q RIPCORD_XDG_DATA_DIRS
        set -gx XDG_DATA_DIRS $RIPCORD_XDG_DATA_DIRS
        set -e RIPCORD_XDG_DATA_DIRS
    else
        set -e XDG_DATA_DIRS
    end
end

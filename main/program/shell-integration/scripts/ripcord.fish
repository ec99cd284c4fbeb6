# ripcord shell integration for fish (docs/shell-integration.md): OSC 133 prompt and command
# marks, OSC 7 cwd, and exit commands asked of ripcord — the marks ripcord follows and the
# requests carry the session's secret. fish runs this with --init-command, after the user's
# configuration; the secret was read before it (ripcord-secret.fish).

if not set -q __ripcord_installed
    set -g __ripcord_installed 1
    source (status dirname)/ripcord-secret.fish
    # '' before the first prompt, 'prompt' at the prompt, 'running' while a command line runs.
    set -g __ripcord_state ''

    function __ripcord_report_cwd
        set -l encoded (string escape --style=url -- $PWD)
        printf '\e]7;file://%s%s\a' (prompt_hostname) $encoded
    end

    function __ripcord_prompt_start --on-event fish_prompt
        set -g __ripcord_state prompt
        __ripcord_report_cwd
        printf '\e]133;A;nonce=%s\a' $__ripcord_secret
    end

    function __ripcord_postexec --on-event fish_postexec
        set -l command_status $status
        if test "$__ripcord_state" = running
            printf '\e]133;D;%s;nonce=%s\a' $command_status $__ripcord_secret
        end
    end

    # $argv[1] is the command line about to run.
    function __ripcord_preexec --on-event fish_preexec
        set -g __ripcord_state running
        set -l line (string trim -- $argv[1] | string collect)
        if test -n "$__ripcord_secret"; and contains -- "$line" $__ripcord_exit_commands
            printf '\e]7701;exit;%s\a' $__ripcord_secret
        end
        printf '\e]133;C;nonce=%s\a' $__ripcord_secret
    end

    # The prompt ends with 133 B, whatever draws it (the user's fish_prompt, a theme).
    if functions -q fish_prompt
        functions -c fish_prompt __ripcord_user_prompt
    else
        function __ripcord_user_prompt
            printf '%s> ' $PWD
        end
    end
    function fish_prompt
        __ripcord_user_prompt
        printf '\e]133;B\a'
    end
end

# ripcord shell integration for zsh: OSC 133 prompt and command marks, OSC 7 cwd, and exit
# commands asked of ripcord — the marks ripcord follows and the requests carry the session's
# secret (docs/shell-integration.md).
if (( ! ${+__ripcord_installed} )); then
  __ripcord_installed=1
  builtin typeset +x __ripcord_secret __ripcord_exit_commands
  # '' before the first prompt, 'prompt' at the prompt, 'running' while a command line runs.
  __ripcord_state=
  __ripcord_ps1=
  __ripcord_user_ps1=

  __ripcord_report_cwd() {
    emulate -L zsh
    local LC_ALL=C dir=$PWD encoded= ch
    local -i i
    for (( i = 1; i <= $#dir; i++ )); do
      ch=$dir[i]
      case $ch in
        [A-Za-z0-9/._~-]) encoded+=$ch ;;
        *) encoded+=$(builtin printf '%%%02X' "'$ch") ;;
      esac
    done
    builtin printf '\e]7;file://%s%s\a' "$HOST" "$encoded"
  }

  # Last of the precmd hooks: the user's hooks (themes) may have rebuilt the prompt, so mark it
  # again; zsh hands every precmd hook the finished command's status in $?.
  __ripcord_precmd() {
    local command_status=$?
    [[ $__ripcord_state == running ]] && builtin printf '\e]133;D;%s;nonce=%s\a' "$command_status" "$__ripcord_secret"
    __ripcord_state=prompt
    __ripcord_report_cwd
    # the prompt starts; the mark carries the secret, so it is printed here, never kept in PS1
    builtin printf '\e]133;A;nonce=%s\a' "$__ripcord_secret"
    # the end mark is in PS1 only while the prompt is up (preexec puts the user's PS1 back), so
    # a child shell that inherits an exported PS1 never shows zsh's %{…%} as text
    if [[ $PS1 != "$__ripcord_ps1" ]]; then
      __ripcord_user_ps1=$PS1
      __ripcord_ps1="$PS1"$'%{\e]133;B\a%}'
      PS1=$__ripcord_ps1
    fi
  }

  # $1 is the line as typed (also when history is off for it), $3 the full text.
  __ripcord_preexec() {
    emulate -L zsh
    setopt extended_glob
    __ripcord_state=running
    [[ $PS1 == "$__ripcord_ps1" ]] && PS1=$__ripcord_user_ps1
    local line=${1:-$3}
    line=${${line##[[:space:]]##}%%[[:space:]]##}
    if [[ -n $__ripcord_secret ]] && (( ${__ripcord_exit_commands[(Ie)$line]} )); then
      builtin printf '\e]7701;exit;%s\a' "$__ripcord_secret"
    fi
    builtin printf '\e]133;C;nonce=%s\a' "$__ripcord_secret"
  }

  builtin autoload -Uz add-zsh-hook
  add-zsh-hook precmd __ripcord_precmd
  add-zsh-hook preexec __ripcord_preexec
fi

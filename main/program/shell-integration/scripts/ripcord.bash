# ripcord shell integration for bash (docs/shell-integration.md): OSC 133 prompt and command
# marks, OSC 7 cwd, and exit commands asked of ripcord — the marks ripcord follows and the
# requests carry the session's secret.
# bash runs this with --init-file in place of ~/.bashrc; it runs the user's own files first.

# The session file is read, then emptied, before anything else runs, so no program the user's
# files start finds the secret in it (ripcord removes the file with its directory at the first
# prompt). Emptied, not removed: `rm` is a fork, a third of what the integration added to bash's
# start.
__ripcord_secret=
__ripcord_exit_commands=()
if [[ -r ${BASH_SOURCE[0]%/*}/secret ]]; then
  {
    IFS= read -r __ripcord_secret
    while IFS= read -r __ripcord_line; do __ripcord_exit_commands+=("$__ripcord_line"); done
  } < "${BASH_SOURCE[0]%/*}/secret"
  : >|"${BASH_SOURCE[0]%/*}/secret"
  builtin unset __ripcord_line
fi
builtin export -n __ripcord_secret __ripcord_exit_commands

if [[ -n ${RIPCORD_BASH_LOGIN-} ]]; then
  # bash ignores --init-file in a login shell, so ripcord starts it as a plain one: these are
  # the files a login shell reads, in bash's order.
  builtin unset RIPCORD_BASH_LOGIN
  if [[ -r /etc/profile ]]; then builtin source /etc/profile; fi
  if [[ -r ~/.bash_profile ]]; then builtin source ~/.bash_profile
  elif [[ -r ~/.bash_login ]]; then builtin source ~/.bash_login
  elif [[ -r ~/.profile ]]; then builtin source ~/.profile
  fi
else
  if [[ -r ~/.bashrc ]]; then builtin source ~/.bashrc; fi
fi

if [[ -z ${__ripcord_installed-} ]]; then
  __ripcord_installed=1
  # '' before the first prompt, 'prompt' while PROMPT_COMMAND runs, 'ready' once the prompt is
  # shown, 'running' from the command line's first command until the next prompt.
  __ripcord_state=
  __ripcord_ps1=
  __ripcord_user_ps1=
  __ripcord_histcmd=

  __ripcord_set_status() { return "$1"; }

  __ripcord_report_cwd() {
    local LC_ALL=C dir=$PWD encoded= ch i
    for ((i = 0; i < ${#dir}; i++)); do
      ch=${dir:i:1}
      case $ch in
        [A-Za-z0-9/._~-]) encoded+=$ch ;;
        *) builtin printf -v ch '%%%02X' "'$ch"; encoded+=$ch ;;
      esac
    done
    builtin printf '\e]7;file://%s%s\a' "${HOSTNAME-}" "$encoded"
  }

  # First in PROMPT_COMMAND: the finished command's status, before anything else changes $?.
  # A line with no simple command of its own, such as `(exit 3)`, never meets the DEBUG trap;
  # the history number it took still tells that it ran.
  __ripcord_precmd() {
    local status=$?
    if [[ $__ripcord_state == running || ($__ripcord_state == ready && $HISTCMD != "$__ripcord_histcmd") ]]; then
      builtin printf '\e]133;D;%s;nonce=%s\a' "$status" "$__ripcord_secret"
    fi
    __ripcord_state=prompt
    __ripcord_report_cwd
    __ripcord_set_status "$status"
  }

  # Last in PROMPT_COMMAND: the prompt starts (the mark carries the secret, so it is printed
  # here, never kept in PS1, which `echo $PS1` would show); the user's prompt commands may have
  # rebuilt PS1, so its end is marked again. The mark is in PS1 only while the prompt is up:
  # __ripcord_preexec puts the user's own PS1 back before the line runs, so a child shell that
  # inherits an exported PS1 (zsh, dash) never shows bash's \[…\] as text.
  __ripcord_prompt_ready() {
    local status=$?
    builtin printf '\e]133;A;nonce=%s\a' "$__ripcord_secret"
    if [[ $PS1 != "$__ripcord_ps1" ]]; then
      __ripcord_user_ps1=$PS1
      __ripcord_ps1="${PS1}\[\e]133;B\a\]"
      PS1=$__ripcord_ps1
    fi
    __ripcord_histcmd=$HISTCMD
    __ripcord_state=ready
    __ripcord_set_status "$status"
  }

  __ripcord_trim() {
    __ripcord_line=${__ripcord_line#"${__ripcord_line%%[![:space:]]*}"}
    __ripcord_line=${__ripcord_line%"${__ripcord_line##*[![:space:]]}"}
  }

  __ripcord_is_exit_command() {
    local command
    for command in "${__ripcord_exit_commands[@]}"; do [[ $__ripcord_line == "$command" ]] && return 0; done
    return 1
  }

  # A whole line that is an exit command starts with that command, so only then is the line
  # read back (a fork): from its history entry, or (history off, ignorespace) it is that
  # command. A line that went into the history has the number HISTCMD had at the prompt.
  __ripcord_exit_line() {
    local __ripcord_line=$BASH_COMMAND entry
    __ripcord_trim
    __ripcord_is_exit_command || return 1
    if [[ $HISTCMD == "$__ripcord_histcmd" ]]; then
      entry=$(HISTTIMEFORMAT= builtin history 1)
      if [[ $entry =~ ^[[:space:]]*[0-9]+\*?[[:space:]][[:space:]](.*)$ ]]; then
        __ripcord_line=${BASH_REMATCH[1]}
        __ripcord_trim
        __ripcord_is_exit_command || return 1
      fi
    fi
    return 0
  }

  __ripcord_preexec() {
    [[ $__ripcord_state == ready ]] || return 0
    # an empty line: the DEBUG trap fires for PROMPT_COMMAND itself
    [[ $BASH_COMMAND == __ripcord_precmd* ]] && return 0
    __ripcord_state=running
    if [[ $PS1 == "$__ripcord_ps1" ]]; then PS1=$__ripcord_user_ps1; fi
    if [[ -n $__ripcord_secret ]] && __ripcord_exit_line; then
      builtin printf '\e]7701;exit;%s\a' "$__ripcord_secret"
    fi
    builtin printf '\e]133;C;nonce=%s\a' "$__ripcord_secret"
  }

  # What `trap -p` and `declare -p` print is read back through a file in this script's private
  # directory, not with $(…): each command substitution forks, and two of them were most of what
  # the integration added to the shell's start. (Not in a function: a function sees no DEBUG trap.)
  __ripcord_captured=${BASH_SOURCE[0]%/*}/captured

  # A DEBUG trap the user's files set keeps running, after ours.
  __ripcord_user_debug_trap=
  if builtin trap -p DEBUG >"$__ripcord_captured"; then
    IFS= builtin read -r -d '' __ripcord_user_debug_trap <"$__ripcord_captured"
  fi
  if [[ -n $__ripcord_user_debug_trap ]]; then
    builtin eval "__ripcord_user_debug_trap=(${__ripcord_user_debug_trap#trap })"
    __ripcord_user_debug_trap=${__ripcord_user_debug_trap[1]}
  fi
  __ripcord_debug() {
    local status=$?
    __ripcord_preexec
    __ripcord_set_status "$status"
    if [[ -n $__ripcord_user_debug_trap ]]; then builtin eval "$__ripcord_user_debug_trap"; fi
  }
  builtin trap '__ripcord_debug' DEBUG

  __ripcord_prompt_command=
  if builtin declare -p PROMPT_COMMAND >"$__ripcord_captured" 2>/dev/null; then
    IFS= builtin read -r -d '' __ripcord_prompt_command <"$__ripcord_captured"
  fi
  if [[ $__ripcord_prompt_command == "declare -a"* ]]; then
    PROMPT_COMMAND=(__ripcord_precmd "${PROMPT_COMMAND[@]}" __ripcord_prompt_ready)
  else
    PROMPT_COMMAND=$'__ripcord_precmd\n'"${PROMPT_COMMAND:+$PROMPT_COMMAND$'\n'}"'__ripcord_prompt_ready'
  fi
  builtin unset __ripcord_captured __ripcord_prompt_command
fi

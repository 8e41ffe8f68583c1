#!/usr/bin/env bash
# completion-notes.sh PREFIX — after an install into PREFIX, says what each shell needs to find
# Lector's completions when it would not look there by itself: bash-completion and fish look
# under $XDG_DATA_HOME (~/.local/share) and $XDG_DATA_DIRS (/usr/local/share:/usr/share);
# zsh only on its fpath. Prints nothing for a prefix every shell finds. install.sh runs it.
set -euo pipefail
prefix=$1
share=$prefix/share
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
data_dirs=${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
case ":$data_home:$data_dirs:" in
    *":$share:"*) ;;
    *) echo "note: bash and fish look for completions under XDG_DATA_DIRS, which does not name $share; add to ~/.bashrc (and ~/.profile):"
       echo "  export XDG_DATA_DIRS=\"$share:\${XDG_DATA_DIRS:-/usr/local/share:/usr/share}\""
       echo "  or load it in ~/.bashrc alone: source $share/bash-completion/completions/lector" ;;
esac
case $share in
    /usr/share|/usr/local/share) ;;
    *) echo "note: zsh finds the completion once ~/.zshrc has, before compinit: fpath=($share/zsh/site-functions \$fpath)" ;;
esac

#!/usr/bin/env bash
# Install the companion as a service on a fresh Raspberry Pi OS (Bookworm 12 or Trixie 13).
#
#   sudo make install                 # or: sudo tools/install.sh
#   tools/install.sh --dry-run        # print every command, change nothing (no root needed)
#
# Safe to run again (upgrades the code, keeps the config and the saved games). It:
#   1. checks the OS (/etc/os-release) and the Python version,
#   2. installs the system packages (venv, picamera2 and lgpio from apt on a Pi, fonts, ALSA,
#      espeak-ng for the spoken announcements),
#   3. creates the `companion` user and its device groups,
#   4. copies the source to /opt/companion/src and installs it into a venv made with
#      --system-site-packages (so apt's picamera2 is visible), with numpy/OpenCV pins per OS:
#      Bookworm: numpy<2 and opencv-python-headless<4.12 (apt's picamera2 needs numpy 1.24);
#      Trixie: numpy 2 and current OpenCV,
#   5. writes /etc/companion/config.toml from config.example.toml if it is missing (never
#      overwrites), and /etc/default/companion (GPIOZERO_PIN_FACTORY=lgpio on a Pi 5),
#   6. installs and enables systemd/companion.service, and the polkit rule that lets the service
#      shut the Pi down ("Turn off" runs `systemctl poweroff`), and prints the next steps.
#
# For tests: COMPANION_OS_RELEASE and COMPANION_PI_MODEL name the files read instead of
# /etc/os-release and /proc/device-tree/model.
set -euo pipefail

PREFIX=/opt/companion
ETC_DIR=/etc/companion
UNIT_DIR=/etc/systemd/system
DEFAULTS=/etc/default/companion
POLKIT_DIR=/etc/polkit-1/rules.d
USER_NAME=companion
GROUPS_WANTED=(gpio video render input dialout audio)
OS_RELEASE=${COMPANION_OS_RELEASE:-/etc/os-release}
PI_MODEL=${COMPANION_PI_MODEL:-/proc/device-tree/model}
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DRY_RUN=0
START=0

usage() {
    cat <<EOF
usage: tools/install.sh [--dry-run] [--start] [--prefix DIR]

  --dry-run     print every command instead of running it (needs no root)
  --start       (re)start the service at the end
  --prefix DIR  where the venv and source go (default /opt/companion)
EOF
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --dry-run) DRY_RUN=1 ;;
        --start) START=1 ;;
        --prefix) PREFIX=${2:?--prefix needs a folder}; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
VENV=$PREFIX/venv

say() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# Every command that changes the system goes through run (printed, and run unless --dry-run).
run() {
    printf '+'
    printf ' %q' "$@"
    printf '\n'
    if [[ $DRY_RUN -eq 0 ]]; then
        "$@"
    fi
}

# write FILE MODE: the text on stdin becomes FILE (shown in full with --dry-run).
write_file() {
    local file=$1 mode=$2 text
    text=$(cat)
    printf '+ write %s (mode %s):\n' "$file" "$mode"
    printf '%s\n' "$text" | sed 's/^/|   /'
    if [[ $DRY_RUN -eq 0 ]]; then
        local tmp
        tmp=$(mktemp "$file.XXXXXX")
        printf '%s\n' "$text" >"$tmp"
        chmod "$mode" "$tmp"
        mv -f "$tmp" "$file"
    fi
}

# --- 1. the OS ---------------------------------------------------------------------------
[[ -r $OS_RELEASE ]] || die "cannot read $OS_RELEASE: is this Raspberry Pi OS or Debian?"
# os-release is shell assignments: read them in a subshell, keep only what is needed
os_field() {
    # shellcheck source=/dev/null
    (. "$OS_RELEASE" && eval "printf '%s' \"\${$1:-}\"")
}
OS_ID=$(os_field ID)
OS_VERSION=$(os_field VERSION_ID)
OS_NAME=$(os_field PRETTY_NAME)
OS_NAME=${OS_NAME:-$OS_ID $OS_VERSION}
case $OS_ID in
    debian | raspbian) ;;
    *) die "this installer is for Raspberry Pi OS or Debian; found '$OS_NAME'" ;;
esac
case $OS_VERSION in
    12)
        NUMPY_PIN='numpy<2'
        OPENCV_PIN='opencv-python-headless>=4.8,<4.12'
        ;;
    13)
        NUMPY_PIN='numpy>=2'
        OPENCV_PIN='opencv-python-headless>=4.12'
        ;;
    *) die "needs Bookworm (12) or Trixie (13); found '$OS_NAME' (VERSION_ID=$OS_VERSION)" ;;
esac

MODEL=""
if [[ -r $PI_MODEL ]]; then
    MODEL=$(tr -d '\0' <"$PI_MODEL")
fi
ON_PI=0
PI5=0
[[ $MODEL == Raspberry\ Pi* ]] && ON_PI=1
[[ $MODEL == Raspberry\ Pi\ 5* || $MODEL == Raspberry\ Pi\ Compute\ Module\ 5* ]] && PI5=1

say "system: $OS_NAME${MODEL:+, $MODEL}"
note "pins for this OS: $NUMPY_PIN, $OPENCV_PIN"
if [[ $ON_PI -eq 0 ]]; then
    note "not a Raspberry Pi: no GPIO or Pi camera; installing anyway (keyboard, USB camera)"
fi
if [[ $DRY_RUN -eq 0 && $EUID -ne 0 ]]; then
    die "run as root: sudo make install (or --dry-run to see what it would do)"
fi

# --- 2. system packages --------------------------------------------------------------------
# polkitd: "Turn off" asks logind to power off, allowed to the companion user by a polkit rule;
# espeak-ng: the spoken announcements
APT_PACKAGES=(python3 python3-venv python3-pip alsa-utils fonts-dejavu-core ca-certificates polkitd
    espeak-ng)
if [[ $ON_PI -eq 1 ]]; then
    # Raspberry Pi OS's own archive: the camera stack and lgpio (the Pi 5's only pin factory)
    APT_PACKAGES+=(python3-picamera2 python3-lgpio)
else
    for optional in python3-picamera2 python3-lgpio; do
        if apt-cache show "$optional" >/dev/null 2>&1; then
            APT_PACKAGES+=("$optional")
        fi
    done
fi
say "system packages"
run apt-get update
run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "${APT_PACKAGES[@]}"

PYTHON=/usr/bin/python3
if [[ $DRY_RUN -eq 0 ]]; then
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "needs Python 3.11 or newer; found $("$PYTHON" --version 2>&1)"
fi

# --- 3. the user and its groups ------------------------------------------------------------
say "user $USER_NAME"
for group in "${GROUPS_WANTED[@]}"; do
    # the unit's SupplementaryGroups= fails the start if a group is missing (gpio is Pi OS only)
    if ! getent group "$group" >/dev/null; then
        run groupadd --system "$group"
    fi
done
if id -u "$USER_NAME" >/dev/null 2>&1; then
    note "user $USER_NAME exists"
else
    run useradd --system --user-group --home-dir /var/lib/companion --no-create-home \
        --shell /usr/sbin/nologin --comment "companion table app" "$USER_NAME"
fi
run usermod --append --groups "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$USER_NAME"

# --- 4. code and venv ----------------------------------------------------------------------
say "code in $PREFIX/src, venv in $VENV"
run install -d -m 0755 "$PREFIX"
# A fresh copy each time (no stale files), swapped in at the end.
run rm -rf "$PREFIX/src.new"
run install -d -m 0755 "$PREFIX/src.new"
run tar -C "$SRC" --exclude=.git --exclude=.venv --exclude=__pycache__ --exclude='*.egg-info' \
    --exclude=.pytest_cache --exclude=.mypy_cache --exclude=.ruff_cache -cf "$PREFIX/src.tar" .
run tar -C "$PREFIX/src.new" -xf "$PREFIX/src.tar"
run rm -f "$PREFIX/src.tar"
run rm -rf "$PREFIX/src.old"
if [[ -e $PREFIX/src ]]; then
    run mv -T "$PREFIX/src" "$PREFIX/src.old"
fi
run mv -T "$PREFIX/src.new" "$PREFIX/src"
run rm -rf "$PREFIX/src.old"

if [[ -x $VENV/bin/python ]]; then
    note "venv exists"
else
    # --system-site-packages: apt's picamera2, libcamera and lgpio are seen from the venv
    run "$PYTHON" -m venv --system-site-packages "$VENV"
fi
write_file "$PREFIX/constraints.txt" 0644 <<EOF
# numpy and OpenCV for $OS_NAME (written by tools/install.sh)
$NUMPY_PIN
$OPENCV_PIN
EOF
run "$VENV/bin/python" -m pip install --upgrade --quiet pip
# editable: the package finds calibration/ and sounds/ beside it in $PREFIX/src
run "$VENV/bin/python" -m pip install --quiet --constraint "$PREFIX/constraints.txt" \
    --editable "$PREFIX/src"
run ln -sfn "$VENV/bin/companion" /usr/local/bin/companion

# --- 5. configuration ----------------------------------------------------------------------
say "configuration in $ETC_DIR"
run install -d -m 0755 "$ETC_DIR"
if [[ -e $ETC_DIR/config.toml ]]; then
    note "$ETC_DIR/config.toml kept as it is (compare with $PREFIX/src/config.example.toml)"
else
    run install -m 0644 "$SRC/config.example.toml" "$ETC_DIR/config.toml"
    # the service's StateDirectory, named in the file so `companion check` run by hand agrees
    run sed -i 's|^# data_dir = "/var/lib/companion"|data_dir = "/var/lib/companion"|' \
        "$ETC_DIR/config.toml"
fi
DEFAULT_LINES=("# Environment for companion.service (written by tools/install.sh; edit freely)")
if [[ -e $DEFAULTS ]]; then
    note "$DEFAULTS kept"
    if [[ $PI5 -eq 1 ]] && ! grep -q '^GPIOZERO_PIN_FACTORY=' "$DEFAULTS"; then
        run sh -c "echo GPIOZERO_PIN_FACTORY=lgpio >> $DEFAULTS"
    fi
else
    if [[ $PI5 -eq 1 ]]; then
        DEFAULT_LINES+=("# a Pi 5: lgpio is the only gpiozero pin factory that works")
        DEFAULT_LINES+=("GPIOZERO_PIN_FACTORY=lgpio")
    else
        DEFAULT_LINES+=("#GPIOZERO_PIN_FACTORY=lgpio")
    fi
    printf '%s\n' "${DEFAULT_LINES[@]}" | write_file "$DEFAULTS" 0644
fi

# --- 6. the service ------------------------------------------------------------------------
say "systemd service"
if [[ $PREFIX == /opt/companion ]]; then
    run install -m 0644 "$SRC/systemd/companion.service" "$UNIT_DIR/companion.service"
else
    sed "s#/opt/companion/#$PREFIX/#g" "$SRC/systemd/companion.service" \
        | write_file "$UNIT_DIR/companion.service" 0644
fi
# "Turn off" on the main menu: the service runs `systemctl poweroff` as the companion user; the
# unit's NoNewPrivileges= rules out sudo, so logind's power-off actions are granted by polkit.
run install -d -m 0755 "$POLKIT_DIR"
write_file "$POLKIT_DIR/50-companion-poweroff.rules" 0644 <<EOF
// Written by tools/install.sh: the companion service may shut the Pi down ("Turn off").
polkit.addRule(function (action, subject) {
    if (subject.user == "$USER_NAME" &&
        (action.id == "org.freedesktop.login1.power-off" ||
         action.id == "org.freedesktop.login1.power-off-multiple-sessions" ||
         action.id == "org.freedesktop.login1.power-off-ignore-inhibit")) {
        return polkit.Result.YES;
    }
});
EOF
run systemctl daemon-reload
# the companion owns tty1 (SDL kmsdrm): no login prompt there; Alt+F2 or SSH still log in
run systemctl disable getty@tty1.service
run systemctl enable companion.service
if [[ $START -eq 1 ]]; then
    run systemctl restart companion.service
fi

cat <<EOF

Done. Next steps:
  1. Edit $ETC_DIR/config.toml: screen size, button pins, LED port, camera.
  2. Check the hardware and the config:
       sudo -u $USER_NAME $VENV/bin/companion check
  3. Start it (it also starts at every boot):
       sudo systemctl start companion
  4. Logs: journalctl -u companion -f     Saved games: /var/lib/companion/games.db
     After editing the config: sudo systemctl reload companion (the game goes on).
  5. First calibration (camera, LED layout): see $PREFIX/src/docs/pi.md.
  6. Phones at the table (optional): [web] enabled = true in $ETC_DIR/config.toml, restart,
     then Settings -> Phone view shows the address. The service is hardened for it:
       systemd-analyze security companion
EOF
if [[ $DRY_RUN -eq 1 ]]; then
    echo "(dry run: nothing was changed)"
fi

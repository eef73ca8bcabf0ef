# Shell helpers shared by install/setup.sh and install/test.sh.

# step prints a heading for the next part of a script.
step() { printf '\n=== %s\n' "$*"; }

# need_debian_packages installs the Debian packages named that are not installed yet.
need_debian_packages() {
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	step "installing Debian packages: ${missing[*]}"
	local sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

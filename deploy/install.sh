#!/usr/bin/env bash
# Installs the garage site as the systemd service garage-site, from this checkout once it is
# built (npm ci && npm run build && npm prune --omit=dev: the service runs the built server, which
# needs none of the build tools), for a user `garage` that owns nothing but its data.
# Idempotent: run it again after an update, it restarts the service on the new build. It never
# replaces an existing /etc/garage-site/env.
#
# Another layout (or a test) may change the paths and the user: APP_DIR, CONFIG_DIR, STATE_DIR,
# UNIT_DIR, SERVICE_USER. The installed unit and the sample configuration follow them.
set -euo pipefail

APP_DIR=${APP_DIR:-/opt/garage-site}
CONFIG_DIR=${CONFIG_DIR:-/etc/garage-site}
STATE_DIR=${STATE_DIR:-/var/lib/garage-site}
UNIT_DIR=${UNIT_DIR:-/etc/systemd/system}
SERVICE_USER=${SERVICE_USER:-garage}
UNIT=garage-site.service

SOURCE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
ENV_FILE=$CONFIG_DIR/env

fail() {
  echo "Installation impossible : $*" >&2
  exit 1
}

[[ $EUID -eq 0 ]] || fail "ce script doit être lancé par root (sudo $0)."

NODE=$(command -v node) || fail "Node.js est introuvable. Installez Node.js 24 (voir le README), puis relancez."
NODE=$(realpath "$NODE")
# Node.js 24 is the version to install; 22.13 and later (22 is maintained until April 2027) still
# run the site. Anything older no longer gets security fixes.
"$NODE" -e 'const [a, b] = process.versions.node.split(".").map(Number);
process.exit(a > 22 || (a === 22 && b >= 13) ? 0 : 1)' ||
  fail "Node.js $("$NODE" --version) est trop ancien et ne reçoit plus de correctifs de sécurité : installez Node.js 24 (voir le README)."
# The service sees no home directory (ProtectHome=yes): a Node.js installed in one (nvm) is out of reach.
case "$NODE" in
  /root/* | /home/*) fail "Node.js est installé dans $NODE, un dossier personnel que le service ne voit pas : installez-le pour tout le système (voir le README)." ;;
esac

[[ -f $SOURCE_DIR/dist/.server/main.mjs && -d $SOURCE_DIR/node_modules ]] ||
  fail "le site n'est pas construit dans $SOURCE_DIR : lancez d'abord « npm ci && npm run build && npm prune --omit=dev » dans ce dossier."

if ! id -u "$SERVICE_USER" >/dev/null 2>&1; then
  useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
    --shell /usr/sbin/nologin "$SERVICE_USER"
  echo "Utilisateur système $SERVICE_USER créé."
fi

# The application directory is this checkout, or a link to it.
if [[ $(realpath -m "$APP_DIR") == "$SOURCE_DIR" ]]; then
  :
elif [[ -L $APP_DIR || ! -e $APP_DIR ]]; then
  case "$SOURCE_DIR/" in
    /root/* | /home/*) fail "ce dépôt est dans un dossier personnel ($SOURCE_DIR), que le service ne voit pas : clonez-le dans $APP_DIR." ;;
  esac
  mkdir -p "$(dirname "$APP_DIR")"
  ln -sfn "$SOURCE_DIR" "$APP_DIR"
  echo "$APP_DIR pointe vers $SOURCE_DIR."
else
  fail "$APP_DIR existe déjà et n'est pas ce dépôt ($SOURCE_DIR) : déplacez-le, ou lancez le script de $APP_DIR/deploy/."
fi
runuser -u "$SERVICE_USER" -- cat "$APP_DIR/package.json" "$APP_DIR/dist/.server/main.mjs" >/dev/null 2>&1 ||
  fail "l'utilisateur $SERVICE_USER ne peut pas lire $SOURCE_DIR : rendez-le lisible par tous (chmod -R a+rX $SOURCE_DIR)."

# The data and the backups belong to the service's user alone. Files left there by a command run
# as root (the administrator command with the service stopped) are given back to it.
install -d -m 0700 -o "$SERVICE_USER" -g "$SERVICE_USER" "$STATE_DIR" "$STATE_DIR/data" "$STATE_DIR/backups"
chown -R "$SERVICE_USER:$SERVICE_USER" "$STATE_DIR"

# Paths in the shipped files follow the layout chosen above.
follow_layout() {
  sed -e "s|/opt/garage-site|$APP_DIR|g" \
    -e "s|/etc/garage-site|$CONFIG_DIR|g" \
    -e "s|/var/lib/garage-site|$STATE_DIR|g" \
    -e "s|^User=garage\$|User=$SERVICE_USER|" \
    -e "s|^Group=garage\$|Group=$SERVICE_USER|" \
    -e "s|^ExecStart=/usr/bin/node |ExecStart=$NODE |" \
    "$1"
}
staged=$(mktemp)
trap 'rm -f "$staged"' EXIT

# Readable by the service's user, for the administrator command; it may hold DATABASE_URL.
install -d -m 0750 -o root -g "$SERVICE_USER" "$CONFIG_DIR"
if [[ -e $ENV_FILE ]]; then
  first_install=no
  echo "$ENV_FILE existe déjà : conservé tel quel."
else
  first_install=yes
  follow_layout "$SOURCE_DIR/deploy/env.example" >"$staged"
  install -m 0640 -o root -g "$SERVICE_USER" "$staged" "$ENV_FILE"
  echo "$ENV_FILE écrit (exemple à relire)."
fi

# The unit is this project's: replaced at each run. Local changes go in a drop-in
# (systemctl edit garage-site), which survives it.
follow_layout "$SOURCE_DIR/deploy/$UNIT" >"$staged"
install -d "$UNIT_DIR"
install -m 0644 "$staged" "$UNIT_DIR/$UNIT"
echo "$UNIT_DIR/$UNIT installé."

# systemd reads units from /etc/systemd/system, and only when it runs (not in a container).
if [[ -d /run/systemd/system && $UNIT_DIR == /etc/systemd/system ]]; then
  systemctl daemon-reload
  systemctl enable --quiet "$UNIT"
  if [[ $first_install == yes ]]; then
    echo "Service garage-site activé (il démarrera avec la machine)."
  else
    systemctl restart "$UNIT"
    echo "Service garage-site redémarré sur cette version."
  fi
elif [[ -d /run/systemd/system ]]; then
  echo "systemd ne lit pas $UNIT_DIR : le service n'est ni activé ni démarré."
else
  echo "systemd ne fonctionne pas sur cette machine : le service est installé, ni activé ni démarré."
fi

# The build tools (vite, TypeScript, the test browsers' helpers…) are not needed to serve.
if [[ -d $SOURCE_DIR/node_modules/vite ]]; then
  echo "Les outils de construction sont encore installés (environ 600 Mo) : « npm prune --omit=dev » dans $SOURCE_DIR les retire, le service n'en a pas besoin."
fi

cat <<EOF

Prochaines étapes :

1. Relisez $ENV_FILE (SITE_URL : l'adresse de votre site), puis démarrez le serveur :
     systemctl start garage-site
     journalctl -u garage-site -f        (son journal ; Ctrl+C pour en sortir)

2. Mettez Caddy ou nginx devant lui, pour HTTPS (remplacez garage-exemple.fr par votre domaine) :
     Caddy : cp $SOURCE_DIR/deploy/Caddyfile /etc/caddy/Caddyfile && systemctl reload caddy
     nginx : suivez les commentaires en tête de $SOURCE_DIR/deploy/nginx-garage-site.conf

3. Créez l'administrateur : ouvrez le lien à usage unique que le serveur écrit dans son journal
   à chaque démarrage tant qu'il n'en a pas (valable 24 h ou jusqu'au prochain redémarrage) :
     journalctl -u garage-site | grep 'Aucun compte administrateur' | tail -1
   ou, le serveur démarré, en ligne de commande (un mot de passe fort est affiché une seule fois) :
     cd $APP_DIR && runuser -u $SERVICE_USER -- bash -c 'set -a && . $ENV_FILE && exec npm run admin -- create --email vous@garage-exemple.fr'

Mise à jour : git pull && npm ci && npm run build && npm prune --omit=dev, puis relancez ce script (ou systemctl restart garage-site).
EOF

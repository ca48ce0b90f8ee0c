-- The theme's colours must keep every text of the public site readable: 4.5:1 (WCAG 2) for each
-- text-on-background pair the CSS draws with them, else the save is refused with a shade to try.
-- The same arithmetic as src/lib/theme/colour.ts and src/lib/theme/contrast-rules.ts, operation for
-- operation in double precision, so that the form and the database agree
-- (docs/decisions/070-theme.md). Constants are float8 casts: a numeric division would round
-- differently from JavaScript's.

-- The helpers are plain arithmetic on pg_catalog's functions, written in PL/pgSQL without their
-- own search_path so that each of the hundreds of calls of one check stays cheap; the check that
-- calls them sets an empty one.

-- '#rrggbb' as three 0–255 channels.
create or replace function private.theme_rgb(hex text) returns float8[]
language plpgsql immutable strict
as $fn$
begin
  return array[
    ('x' || substr(hex, 2, 2))::bit(8)::int::float8,
    ('x' || substr(hex, 4, 2))::bit(8)::int::float8,
    ('x' || substr(hex, 6, 2))::bit(8)::int::float8
  ];
end
$fn$;

create or replace function private.theme_hex(rgb float8[]) returns text
language plpgsql immutable strict
as $fn$
begin
  return '#' || lpad(to_hex(rgb[1]::int), 2, '0') || lpad(to_hex(rgb[2]::int), 2, '0')
    || lpad(to_hex(rgb[3]::int), 2, '0');
end
$fn$;

create or replace function private.theme_linear(channel float8) returns float8
language plpgsql immutable strict
as $fn$
declare
  c float8 := channel / 255::float8;
begin
  if c <= 0.04045::float8 then
    return c / 12.92::float8;
  end if;
  return power((c + 0.055::float8) / 1.055::float8, 2.4::float8);
end
$fn$;

-- A linear value back to a 0–255 channel, clamped, rounded half up (round() would go half to even).
create or replace function private.theme_channel(value float8) returns float8
language plpgsql immutable strict
as $fn$
declare
  v float8 := least(1::float8, greatest(0::float8, value));
  c float8;
begin
  if v <= 0.0031308::float8 then
    c := v * 12.92::float8;
  else
    c := 1.055::float8 * power(v, 1::float8 / 2.4::float8) - 0.055::float8;
  end if;
  return floor(c * 255::float8 + 0.5::float8);
end
$fn$;

-- WCAG 2 relative luminance.
create or replace function private.theme_luminance(rgb float8[]) returns float8
language plpgsql immutable strict
as $fn$
begin
  return 0.2126::float8 * private.theme_linear(rgb[1]) + 0.7152::float8 * private.theme_linear(rgb[2])
    + 0.0722::float8 * private.theme_linear(rgb[3]);
end
$fn$;

-- WCAG 2 contrast ratio of two luminances.
create or replace function private.theme_ratio(la float8, lb float8) returns float8
language plpgsql immutable strict
as $fn$
begin
  return (greatest(la, lb) + 0.05::float8) / (least(la, lb) + 0.05::float8);
end
$fn$;

-- sRGB channels to OKLab (Björn Ottosson).
create or replace function private.theme_oklab(rgb float8[]) returns float8[]
language plpgsql immutable strict
as $fn$
declare
  r float8 := private.theme_linear(rgb[1]);
  g float8 := private.theme_linear(rgb[2]);
  b float8 := private.theme_linear(rgb[3]);
  l float8 := cbrt(0.4122214708::float8 * r + 0.5363325363::float8 * g + 0.0514459929::float8 * b);
  m float8 := cbrt(0.2119034982::float8 * r + 0.6806995451::float8 * g + 0.1073969566::float8 * b);
  s float8 := cbrt(0.0883024619::float8 * r + 0.2817188376::float8 * g + 0.6299787005::float8 * b);
begin
  return array[
    0.2104542553::float8 * l + 0.793617785::float8 * m - 0.0040720468::float8 * s,
    1.9779984951::float8 * l - 2.428592205::float8 * m + 0.4505937099::float8 * s,
    0.0259040371::float8 * l + 0.7827717662::float8 * m - 0.808675766::float8 * s
  ];
end
$fn$;

-- The OKLab colour `a` moved `fraction` of the way to `b`, as 0–255 sRGB channels.
create or replace function private.theme_mix(a float8[], b float8[], fraction float8)
returns float8[]
language plpgsql immutable strict
as $fn$
declare
  x1 float8 := a[1] + (b[1] - a[1]) * fraction;
  x2 float8 := a[2] + (b[2] - a[2]) * fraction;
  x3 float8 := a[3] + (b[3] - a[3]) * fraction;
  lc float8 := x1 + 0.3963377774::float8 * x2 + 0.2158037573::float8 * x3;
  mc float8 := x1 - 0.1055613458::float8 * x2 - 0.0638541728::float8 * x3;
  sc float8 := x1 - 0.0894841775::float8 * x2 - 1.291485548::float8 * x3;
  l float8 := lc * lc * lc;
  m float8 := mc * mc * mc;
  s float8 := sc * sc * sc;
begin
  return array[
    private.theme_channel(4.0767416621::float8 * l - 3.3077115913::float8 * m + 0.2309699292::float8 * s),
    private.theme_channel(-1.2684380046::float8 * l + 2.6097574011::float8 * m - 0.3413193965::float8 * s),
    private.theme_channel(-0.0041960863::float8 * l - 0.7034186147::float8 * m + 1.707614701::float8 * s)
  ];
end
$fn$;

-- Why a theme's colours are refused, with a shade to try; null when every pair passes (or when a
-- colour is malformed: the schema's check reports that).
create or replace function private.theme_contrast_problem(content jsonb) returns text
language plpgsql immutable
set search_path = ''
as $fn$
declare
  primary_hex text := lower(content ->> 'primary');
  accent_hex text := lower(content ->> 'accent');
  white constant float8 := private.theme_luminance(array[255, 255, 255]::float8[]);
  surface constant float8 := private.theme_luminance(array[244, 246, 248]::float8[]);
  ink constant float8 := private.theme_luminance(array[27, 36, 48]::float8[]);
  p float8[];
  lp float8;
  la float8;
  start float8[];
  target float8[];
  candidate float8[];
  lc float8;
  accent_fine boolean;
  subject text;
  suggestion text;
begin
  if primary_hex is null or accent_hex is null or primary_hex !~ '^#[0-9a-f]{6}$'
    or accent_hex !~ '^#[0-9a-f]{6}$' then
    return null;
  end if;
  p := private.theme_rgb(primary_hex);
  lp := private.theme_luminance(p);
  la := private.theme_luminance(private.theme_rgb(accent_hex));

  -- The primary: white text on it, and titles of its colour on the light grey sections.
  if private.theme_ratio(white, lp) < 4.5 then
    subject := 'Le texte blanc sur ' || primary_hex;
  elsif private.theme_ratio(lp, surface) < 4.5 then
    subject := 'Un titre ' || primary_hex || ' sur fond gris clair';
  end if;
  if subject is not null then
    -- Kept readable under the links of an accent that is itself fine, too (one colour to change).
    accent_fine := private.theme_ratio(ink, la) >= 4.5;
    suggestion := '#000000';
    start := private.theme_oklab(p);
    target := private.theme_oklab(array[0, 0, 0]::float8[]);
    for step in 1..100 loop
      candidate := private.theme_mix(start, target, step::float8 / 100::float8);
      lc := private.theme_luminance(candidate);
      if private.theme_ratio(white, lc) >= 4.5 and private.theme_ratio(lc, surface) >= 4.5
        and (not accent_fine or private.theme_ratio(la, lc) >= 4.5) then
        suggestion := private.theme_hex(candidate);
        exit;
      end if;
    end loop;
    return subject || ' n''est pas assez lisible : essayez ' || suggestion || '.';
  end if;

  -- The accent: the buttons' dark text on it, and links of its colour on the primary.
  if private.theme_ratio(ink, la) < 4.5 then
    subject := 'Le texte foncé des boutons sur ' || accent_hex;
  elsif private.theme_ratio(la, lp) < 4.5 then
    subject := 'Un lien ' || accent_hex || ' sur le fond ' || primary_hex;
  end if;
  if subject is not null then
    suggestion := '#ffffff';
    start := private.theme_oklab(private.theme_rgb(accent_hex));
    target := private.theme_oklab(array[255, 255, 255]::float8[]);
    for step in 1..100 loop
      candidate := private.theme_mix(start, target, step::float8 / 100::float8);
      lc := private.theme_luminance(candidate);
      if private.theme_ratio(ink, lc) >= 4.5 and private.theme_ratio(lc, lp) >= 4.5 then
        suggestion := private.theme_hex(candidate);
        exit;
      end if;
    end loop;
    return subject || ' n''est pas assez lisible : essayez ' || suggestion || '.';
  end if;
  return null;
end
$fn$;

-- After the schema's check (triggers run in name order), which reports malformed content first.
create or replace function private.check_theme_contrast() returns trigger
language plpgsql security definer
set search_path = ''
as $fn$
declare
  problem text := private.theme_contrast_problem(new.content);
begin
  if problem is not null then
    raise exception using
      errcode = '23514',
      message = format('Contenu « %s » refusé : %s', new.type, problem),
      hint = 'Choisissez une autre couleur puis enregistrez à nouveau.';
  end if;
  return new;
end
$fn$;

revoke execute on function private.theme_rgb(text) from public, anon, authenticated;
revoke execute on function private.theme_hex(float8[]) from public, anon, authenticated;
revoke execute on function private.theme_linear(float8) from public, anon, authenticated;
revoke execute on function private.theme_channel(float8) from public, anon, authenticated;
revoke execute on function private.theme_luminance(float8[]) from public, anon, authenticated;
revoke execute on function private.theme_ratio(float8, float8) from public, anon, authenticated;
revoke execute on function private.theme_oklab(float8[]) from public, anon, authenticated;
revoke execute on function private.theme_mix(float8[], float8[], float8) from public, anon, authenticated;
revoke execute on function private.theme_contrast_problem(jsonb) from public, anon, authenticated;
revoke execute on function private.check_theme_contrast() from public, anon, authenticated;

drop trigger if exists site_content_theme_contrast on public.site_content;
create trigger site_content_theme_contrast before insert or update on public.site_content
  for each row when (new.type = 'theme') execute function private.check_theme_contrast();

//! The library's public items, kept in `tests/public-api.txt` so that the
//! API changes only on purpose: adding, removing or changing a public item
//! fails this test until the file is rewritten with
//! `UPDATE_PUBLIC_API=1 cargo test -p sudokuflow --test tests public_api`.
//!
//! The list is read from the source with `syn`, walking from `src/lib.rs`
//! through `pub mod` and `pub use` as rustdoc does, with the default features
//! on an x86_64 Unix host and without `cfg(test)`. An item declared `pub` in a
//! module no public path reaches is not listed; `pub(crate)` never is. Each
//! item is listed once, at the path of its definition when that is public
//! (else its shortest re-export), with its public fields, variants, methods,
//! constants and trait impls; every other path to it is a `pub use` line.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{Attribute, Fields, ImplItem, Item, Meta, Token, TraitItem, UseTree, Visibility};

const SNAPSHOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/public-api.txt");

#[test]
fn public_api_matches_the_snapshot() {
    let actual = public_items().join("\n") + "\n";
    if std::env::var_os("UPDATE_PUBLIC_API").is_some() {
        std::fs::write(SNAPSHOT, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(SNAPSHOT).unwrap_or_default();
    if actual == expected {
        return;
    }
    let expected: BTreeSet<&str> = expected.lines().collect();
    let actual: BTreeSet<&str> = actual.lines().collect();
    let mut diff = String::new();
    for line in expected.difference(&actual) {
        diff += &format!("- {line}\n");
    }
    for line in actual.difference(&expected) {
        diff += &format!("+ {line}\n");
    }
    panic!(
        "the public API differs from tests/public-api.txt (- there, + now):\n{diff}\n\
         If the change is meant, rewrite the file with\n  \
         UPDATE_PUBLIC_API=1 cargo test -p sudokuflow --test tests public_api\n\
         and commit it."
    );
}

/// The public items, one line each, sorted.
fn public_items() -> Vec<String> {
    let mut crate_ = Crate::default();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    crate_.load("crate", &src.join("lib.rs"), &src);
    let mut walk = Walk {
        crate_: &crate_,
        paths: BTreeMap::new(),
        modules: BTreeMap::new(),
    };
    walk.module("sudokuflow", "crate");
    walk.lines()
}

/// What a name in a module stands for.
#[derive(Clone)]
enum Binding {
    /// A module, by its source path (`crate::engine::grid`).
    Module(String),
    /// An item declared here.
    Item(usize),
    /// A `use` of this path.
    Use(Vec<String>),
}

#[derive(Default)]
struct Crate {
    /// Every item outside `cfg(test)`, with the source path of its module.
    items: Vec<(String, Item)>,
    /// Per module source path: its names, with whether each is `pub`.
    names: HashMap<String, Vec<(String, bool, Binding)>>,
}

impl Crate {
    /// Reads the module at `file`, whose `mod x;` children live in `dir`.
    fn load(&mut self, module: &str, file: &Path, dir: &Path) {
        let text = std::fs::read_to_string(file).unwrap();
        let items = syn::parse_file(&text).unwrap().items;
        self.load_items(module, items, dir);
    }

    fn load_items(&mut self, module: &str, items: Vec<Item>, dir: &Path) {
        self.names.entry(module.to_owned()).or_default();
        for item in items {
            if !enabled(attrs(&item)) {
                continue;
            }
            match item {
                Item::Mod(m) => {
                    let name = m.ident.to_string();
                    let child = format!("{module}::{name}");
                    let child_dir = dir.join(&name);
                    match m.content {
                        Some((_, items)) => self.load_items(&child, items, &child_dir),
                        None => {
                            let file = dir.join(format!("{name}.rs"));
                            if file.exists() {
                                self.load(&child, &file, &child_dir);
                            } else {
                                self.load(&child, &child_dir.join("mod.rs"), &child_dir);
                            }
                        }
                    }
                    self.bind(module, name, &m.vis, Binding::Module(child));
                }
                Item::Use(u) => {
                    let mut uses = Vec::new();
                    flatten(&u.tree, Vec::new(), &mut uses);
                    for (name, path) in uses {
                        self.bind(module, name, &u.vis, Binding::Use(path));
                    }
                }
                item => {
                    if let Some(name) = name(&item) {
                        let index = self.items.len();
                        let public = is_pub(visibility(&item));
                        self.names.get_mut(module).unwrap().push((
                            name,
                            public,
                            Binding::Item(index),
                        ));
                    }
                    self.items.push((module.to_owned(), item));
                }
            }
        }
    }

    fn bind(&mut self, module: &str, name: String, vis: &Visibility, binding: Binding) {
        let public = is_pub(vis);
        self.names
            .get_mut(module)
            .unwrap()
            .push((name, public, binding));
    }

    /// What `path`, written in `module`, stands for: a module's source path
    /// or an item's index; `None` outside the crate.
    fn resolve(&self, module: &str, path: &[String]) -> Option<Binding> {
        let (first, rest) = path.split_first()?;
        let mut at = match first.as_str() {
            "crate" => Binding::Module("crate".into()),
            "self" => Binding::Module(module.into()),
            "super" => Binding::Module(module.rsplit_once("::")?.0.into()),
            name => self.name(module, name)?,
        };
        for segment in rest {
            let Binding::Module(m) = at else { return None };
            at = match segment.as_str() {
                "super" => Binding::Module(m.rsplit_once("::")?.0.into()),
                name => self.name(&m, name)?,
            };
        }
        Some(at)
    }

    /// What `name` stands for in `module`, `use`s followed.
    fn name(&self, module: &str, name: &str) -> Option<Binding> {
        let (_, _, binding) = self.names.get(module)?.iter().find(|(n, ..)| n == name)?;
        match binding {
            Binding::Use(path) => self.resolve(module, path),
            binding => Some(binding.clone()),
        }
    }
}

struct Walk<'a> {
    crate_: &'a Crate,
    /// Per item index: its public paths, each with whether it is the
    /// definition's own (not a re-export).
    paths: BTreeMap<usize, Vec<(String, bool)>>,
    /// Per module source path: the public paths it is reached by.
    modules: BTreeMap<String, Vec<String>>,
}

impl Walk<'_> {
    fn module(&mut self, public: &str, source: &str) {
        let first_visit = !self.modules.contains_key(source);
        self.modules
            .entry(source.into())
            .or_default()
            .push(public.into());
        if !first_visit {
            return;
        }
        for (name, is_public, binding) in &self.crate_.names[source] {
            if !is_public {
                continue;
            }
            let path = format!("{public}::{name}");
            match binding {
                Binding::Module(m) => self.module(&path, m),
                Binding::Item(index) => self.paths.entry(*index).or_default().push((path, true)),
                Binding::Use(use_path) => match self.crate_.resolve(source, use_path) {
                    Some(Binding::Module(m)) => self.module(&path, &m),
                    Some(Binding::Item(index)) => {
                        self.paths.entry(index).or_default().push((path, false))
                    }
                    Some(Binding::Use(_)) => unreachable!(),
                    None => panic!("pub use of {use_path:?} in {source}: not in this crate"),
                },
            }
        }
    }

    fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut canonical = HashMap::new();
        for (index, paths) in &self.paths {
            let mut paths = paths.clone();
            // Own paths first, then the shortest.
            paths.sort_by_key(|(path, own)| (!own, path.matches("::").count(), path.clone()));
            canonical.insert(*index, paths[0].0.clone());
            for (path, _) in &paths[1..] {
                lines.push(format!("pub use {path} = {}", paths[0].0));
            }
        }
        for paths in self.modules.values() {
            let mut paths = paths.clone();
            paths.sort_by_key(|path| (path.matches("::").count(), path.clone()));
            lines.push(format!("pub mod {}", paths[0]));
            for path in &paths[1..] {
                lines.push(format!("pub use {path} = {}", paths[0]));
            }
        }
        for (index, path) in &canonical {
            lines.extend(item_lines(&self.crate_.items[*index].1, path));
        }
        // Impls, wherever they are, of the listed types.
        for (module, item) in &self.crate_.items {
            let Item::Impl(imp) = item else { continue };
            let syn::Type::Path(self_ty) = &*imp.self_ty else {
                continue;
            };
            let segments: Vec<String> = self_ty
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            let Some(Binding::Item(index)) = self.crate_.resolve(module, &segments) else {
                continue;
            };
            let Some(path) = canonical.get(&index) else {
                continue;
            };
            match &imp.trait_ {
                Some((_, trait_, _)) => {
                    let trait_ = trait_.segments.last().unwrap().to_token_stream();
                    lines.push(format!("impl {} for {path}", tidy(trait_)));
                }
                None => {
                    for member in &imp.items {
                        lines.extend(impl_item_line(member, path));
                    }
                }
            }
        }
        lines.sort();
        lines
    }
}

/// The lines of a public item at `path`: itself, its public fields and
/// variants, its derived traits.
fn item_lines(item: &Item, path: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let marker = |attrs: &[Attribute]| {
        if attrs.iter().any(|a| a.path().is_ident("non_exhaustive")) {
            "#[non_exhaustive] "
        } else {
            ""
        }
    };
    let named = |kind: &str, name: &syn::Ident, rest: String| {
        format!(
            "pub {kind} {path}{}",
            rest.replacen(&name.to_string(), "", 1)
        )
    };
    match item {
        Item::Fn(f) => {
            let sig = tidy(f.sig.to_token_stream());
            let name = format!("fn {}", f.sig.ident);
            lines.push(format!(
                "pub {}",
                sig.replacen(&name, &format!("fn {path}"), 1)
            ));
        }
        Item::Struct(s) => {
            let generics = tidy(s.generics.to_token_stream());
            lines.push(format!("{}pub struct {path}{generics}", marker(&s.attrs)));
            for (i, field) in s.fields.iter().enumerate() {
                if is_pub(&field.vis) {
                    let name = field
                        .ident
                        .as_ref()
                        .map_or(i.to_string(), |f| f.to_string());
                    let ty = tidy(field.ty.to_token_stream());
                    lines.push(format!("pub {path}::{name}: {ty}"));
                }
            }
        }
        Item::Enum(e) => {
            let generics = tidy(e.generics.to_token_stream());
            lines.push(format!("{}pub enum {path}{generics}", marker(&e.attrs)));
            for variant in &e.variants {
                let mut fields = variant.fields.clone();
                fields.iter_mut().for_each(|field| field.attrs.clear());
                let fields = match fields {
                    Fields::Unit => String::new(),
                    fields => tidy(fields.to_token_stream()),
                };
                let name = &variant.ident;
                lines.push(format!("{}{path}::{name}{fields}", marker(&variant.attrs)));
            }
        }
        Item::Const(c) => lines.push(named(
            "const",
            &c.ident,
            format!(": {}", tidy(c.ty.to_token_stream())),
        )),
        Item::Static(s) => lines.push(named(
            "static",
            &s.ident,
            format!(": {}", tidy(s.ty.to_token_stream())),
        )),
        Item::Type(t) => lines.push(format!(
            "pub type {path}{} = {}",
            tidy(t.generics.to_token_stream()),
            tidy(t.ty.to_token_stream())
        )),
        Item::Trait(t) => {
            lines.push(format!("pub trait {path}"));
            for member in &t.items {
                match member {
                    TraitItem::Fn(f) => {
                        lines.push(format!("{path}::{}", tidy(f.sig.to_token_stream())))
                    }
                    TraitItem::Type(t) => lines.push(format!("{path}::type {}", t.ident)),
                    other => lines.push(format!("{path}::{}", tidy(other.to_token_stream()))),
                }
            }
        }
        other => panic!("{path}: a public {} is not listed yet", kind(other)),
    }
    for attr in attrs(item) {
        if attr.path().is_ident("derive") {
            let derived = attr
                .parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
                .unwrap();
            for trait_ in derived {
                let trait_ = trait_.segments.last().unwrap().ident.to_string();
                lines.push(format!("impl {trait_} for {path}"));
            }
        }
    }
    lines
}

/// The line of a public method or constant of an inherent impl of `path`.
fn impl_item_line(member: &ImplItem, path: &str) -> Option<String> {
    match member {
        ImplItem::Fn(f) if is_pub(&f.vis) && enabled(&f.attrs) => {
            let sig = tidy(f.sig.to_token_stream());
            let name = format!("fn {}", f.sig.ident);
            let full = format!("fn {path}::{}", f.sig.ident);
            Some(format!("pub {}", sig.replacen(&name, &full, 1)))
        }
        ImplItem::Const(c) if is_pub(&c.vis) && enabled(&c.attrs) => Some(format!(
            "pub const {path}::{}: {}",
            c.ident,
            tidy(c.ty.to_token_stream())
        )),
        _ => None,
    }
}

/// `(name, path)` of each name a `use` tree binds.
fn flatten(tree: &UseTree, prefix: Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    let with = |segment: String| {
        let mut path = prefix.clone();
        path.push(segment);
        path
    };
    match tree {
        UseTree::Path(p) => flatten(&p.tree, with(p.ident.to_string()), out),
        UseTree::Name(n) if n.ident == "self" => {
            out.push((prefix.last().unwrap().clone(), prefix.clone()))
        }
        UseTree::Name(n) => out.push((n.ident.to_string(), with(n.ident.to_string()))),
        UseTree::Rename(r) => out.push((r.rename.to_string(), with(r.ident.to_string()))),
        UseTree::Group(g) => {
            for tree in &g.items {
                flatten(tree, prefix.clone(), out);
            }
        }
        UseTree::Glob(_) => out.push(("*".into(), with("*".into()))),
    }
}

/// Whether the `cfg` attributes hold on the host this list describes.
fn enabled(attrs: &[Attribute]) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("cfg"))
        .all(|a| holds(&a.parse_args::<Meta>().unwrap()))
}

fn holds(cfg: &Meta) -> bool {
    let list = |l: &syn::MetaList| {
        l.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .unwrap()
    };
    match cfg {
        Meta::Path(p) if p.is_ident("test") => false,
        Meta::Path(p) if p.is_ident("unix") => true,
        Meta::NameValue(nv) => {
            let value = nv.value.to_token_stream().to_string();
            if nv.path.is_ident("feature") {
                value == "\"streaming\""
            } else if nv.path.is_ident("target_arch") {
                value == "\"x86_64\""
            } else {
                panic!("unknown cfg {}", cfg.to_token_stream())
            }
        }
        Meta::List(l) if l.path.is_ident("not") => !list(l).iter().all(holds),
        Meta::List(l) if l.path.is_ident("all") => list(l).iter().all(holds),
        Meta::List(l) if l.path.is_ident("any") => list(l).iter().any(holds),
        _ => panic!("unknown cfg {}", cfg.to_token_stream()),
    }
}

fn is_pub(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// Tokens as a person writes them: no space inside paths, generics and
/// argument lists.
fn tidy(tokens: proc_macro2::TokenStream) -> String {
    let mut text = tokens.to_string();
    for (from, to) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" (", "("),
        ("( ", "("),
        (" )", ")"),
        (" < ", "<"),
        ("< ", "<"),
        (" <", "<"),
        (" >", ">"),
        (" ,", ","),
        (" : ", ": "),
        ("& ", "&"),
        (" [", "["),
        ("[ ", "["),
        (" ]", "]"),
        (" ;", ";"),
    ] {
        text = text.replace(from, to);
    }
    text.replace("-> ", " -> ").replace("  ", " ")
}

fn attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn visibility(item: &Item) -> &Visibility {
    match item {
        Item::Const(i) => &i.vis,
        Item::Enum(i) => &i.vis,
        Item::Fn(i) => &i.vis,
        Item::Static(i) => &i.vis,
        Item::Struct(i) => &i.vis,
        Item::Trait(i) => &i.vis,
        Item::Type(i) => &i.vis,
        Item::Union(i) => &i.vis,
        _ => &Visibility::Inherited,
    }
}

fn name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}

fn kind(item: &Item) -> &'static str {
    match item {
        Item::Macro(_) => "macro",
        Item::Union(_) => "union",
        _ => "item of this kind",
    }
}

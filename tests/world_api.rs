//! The world's checked public API: what it refuses (naming the value and
//! the reason), what it reconciles (one alpha threshold), which fields stay
//! the game's (a scale it set), and the geometry helpers a game steers with.

use hitfield::prelude::*;

fn sprites(alpha_min: u8) -> Vec<ShipSprite> {
    default_sprites()
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, alpha_min))
        .collect()
}

fn small(ships: usize) -> Settings {
    let mut s = Settings::default();
    s.field.width = 320;
    s.field.height = 200;
    s.field.particles = 5_000;
    s.ships.count = ships;
    s
}

fn world(ships: usize) -> World {
    let s = small(ships);
    World::new(s.clone(), sprites(s.ships.ship_alpha_min)).expect("valid settings")
}

/// An opaque `w`×`h` sprite (built from raw bytes: `RgbaImage::try_new`
/// refuses sides past the limit, as the world does).
fn sprite_of(w: u32, h: u32) -> ShipSprite {
    let bytes = vec![255; w as usize * h as usize * 4];
    let image = RgbaImage::from_raw(w, h, bytes).expect("matching length");
    ShipSprite::new(format!("{w}x{h}"), image, 100)
}

#[test]
fn new_refuses_ships_without_sprites_and_sprites_past_load_pngs_limits() {
    let e = World::new(small(10), Vec::new()).err().expect("no sprites");
    assert_eq!(e, WorldError::NoSprites { count: 10 });
    assert_eq!(
        e.to_string(),
        "ships.count is 10 but no ship sprite was given; give at least one"
    );
    // No ships asked for: no sprite needed.
    let w = World::new(small(0), Vec::new()).expect("a field alone");
    assert!(w.ships().is_empty());

    let mut list = sprites(100);
    list.push(sprite_of(0, 0));
    let e = World::new(small(2), list).err().expect("0×0 sprite");
    assert_eq!(
        e.to_string(),
        "sprite 3 (0x0): image is 0×0 pixels; a sprite needs at least 1×1"
    );
    let e = World::new(small(2), vec![sprite_of(5, 0)])
        .err()
        .expect("5×0");
    assert!(matches!(
        e,
        WorldError::BadSprite {
            index: 0,
            width: 5,
            height: 0,
            ..
        }
    ));
    let e = World::new(small(2), vec![sprite_of(1, 1), sprite_of(8193, 1)])
        .err()
        .expect("too wide");
    assert_eq!(
        e.to_string(),
        "sprite 1 (8193x1): image is 8193×1 pixels; the limit is 8192×8192"
    );
    World::new(small(2), vec![sprite_of(8192, 1)]).expect("at the limit");
}

#[test]
fn apply_settings_refuses_ships_without_sprites_and_keeps_the_world() {
    let mut w = World::new(small(0), Vec::new()).expect("a field alone");
    let e = w.apply_settings(&small(3)).expect_err("no sprites");
    assert_eq!(e, WorldError::NoSprites { count: 3 });
    assert_eq!(w.settings(), small(0));
    assert!(w.ships().is_empty());
}

#[test]
fn the_world_has_one_alpha_threshold() {
    let s = small(3);
    // Sprites masked at 0 (every texel solid) are remasked at the world's 100.
    let w = World::new(s.clone(), sprites(0)).expect("valid");
    for sprite in w.sprites() {
        assert_eq!(sprite.alpha_min(), 100);
        assert_eq!(sprite.mask(), &Mask::from_rgba(sprite.image(), 100));
        assert!(
            sprite.mask().solid_count()
                < u64::from(sprite.image().width() * sprite.image().height())
        );
    }
    let mut w = w;
    let mut t = s.clone();
    t.ships.ship_alpha_min = 200;
    w.apply_settings(&t).expect("valid");
    for sprite in w.sprites() {
        assert_eq!(sprite.alpha_min(), 200);
        assert_eq!(sprite.mask(), &Mask::from_rgba(sprite.image(), 200));
    }
}

#[test]
fn setters_refuse_bad_values_naming_them_and_change_nothing() {
    let mut w = world(3);
    let before: Vec<Pose> = w.ships().iter().map(|s| s.pose()).collect();
    let p = Pose::at(10.0, 20.0);
    let cases: Vec<(Result<(), WorldError>, &str)> = vec![
        (
            w.set_pose(0, Pose { x: f32::NAN, ..p }),
            "pose.x is NaN; it must be a finite number",
        ),
        (
            w.set_pose(
                0,
                Pose {
                    y: f32::INFINITY,
                    ..p
                },
            ),
            "pose.y is inf; it must be a finite number",
        ),
        (
            w.set_pose(0, p.rotated(f32::NEG_INFINITY)),
            "pose.rotation is -inf; it must be a finite number",
        ),
        (
            w.set_pose(0, p.scaled(0.0)),
            "pose.scale is 0; it must be from 0.000015258789 to 64",
        ),
        (
            w.set_pose(0, Pose { x: 1e10, ..p }),
            "pose.x is 10000000000; it must be from -1073741800 to 1073741800",
        ),
        (
            w.set_pose(3, p),
            "ship 3: there is no such ship (the world has 3)",
        ),
        (
            w.set_sprite(0, 99),
            "sprite 99: there is no such sprite (the world has 3)",
        ),
        (
            w.set_sprite(7, 0),
            "ship 7: there is no such ship (the world has 3)",
        ),
        (
            w.set_player(3, true),
            "ship 3: there is no such ship (the world has 3)",
        ),
        (
            w.place_player(0, [f32::NAN, f32::INFINITY]),
            "at[0] is NaN; it must be a finite number",
        ),
        (
            w.place_player(0, [0.0, f32::INFINITY]),
            "at[1] is inf; it must be a finite number",
        ),
        (
            w.steer_player(
                0,
                Steer {
                    dir: [f32::NAN, 0.0],
                    ..Steer::default()
                },
                0.1,
            ),
            "steer.dir[0] is NaN; it must be a finite number",
        ),
        (
            w.steer_player(
                0,
                Steer {
                    turn: f32::INFINITY,
                    ..Steer::default()
                },
                0.1,
            ),
            "steer.turn is inf; it must be a finite number",
        ),
    ];
    for (result, message) in cases {
        assert_eq!(result.map_err(|e| e.to_string()), Err(message.to_owned()));
    }
    let after: Vec<Pose> = w.ships().iter().map(|s| s.pose()).collect();
    assert_eq!(after, before);
    assert_eq!(w.ship(2).map(|s| s.pose()), Ok(before[2]));
    assert_eq!(
        w.ship(3).err(),
        Some(WorldError::NoShip { index: 3, count: 3 })
    );
    assert!(w.ships().iter().all(|s| !s.is_player()));
    // The panics: a bad sprite index, then a step.
    for _ in 0..5 {
        w.step();
    }
    assert!(w.ships().iter().all(|s| s.pose().is_valid()));
}

#[test]
fn a_scale_the_game_set_is_kept_until_ships_scale_changes() {
    let s = small(4);
    let mut w = World::new(s.clone(), sprites(100)).expect("valid");
    let pose = w.ships()[1].pose().scaled(2.0).rotated(1.0);
    w.set_pose(1, pose).expect("valid pose");
    assert_eq!(w.ships()[1].pose(), pose);
    // Rotating ships fly the way they face.
    assert_eq!(w.ships()[1].heading(), 1.0);
    for _ in 0..10 {
        w.step();
    }
    let now = w.ships()[1].pose();
    assert_eq!(now.scale, 2.0);
    assert_ne!(
        (now.x, now.y),
        (pose.x, pose.y),
        "a computer ship wanders on"
    );
    // Settings applied without a new scale keep it.
    let mut t = s.clone();
    t.ships.speed *= 2.0;
    w.apply_settings(&t).expect("valid");
    assert_eq!(w.ships()[1].pose().scale, 2.0);
    // A new `ships.scale` rescales every ship.
    t.ships.scale = 0.5;
    w.apply_settings(&t).expect("valid");
    assert!(w.ships().iter().all(|s| s.pose().scale == 0.5));
    // Without rotation the world keeps ships unrotated.
    t.ships.rotate = false;
    w.apply_settings(&t).expect("valid");
    w.set_pose(2, Pose::at(5.0, 5.0).rotated(0.7))
        .expect("valid");
    assert_eq!(w.ships()[2].pose().rotation, 0.0);
}

#[test]
fn a_sprite_swap_keeps_the_centre_and_clears_the_hits() {
    let mut s = small(2);
    s.ships.sample_interval_ms = 0.0; // posed masks follow every step
    let mut w = World::new(s, sprites(100)).expect("valid");
    let sizes: Vec<[u32; 2]> = w
        .sprites()
        .iter()
        .map(|s| [s.image().width(), s.image().height()])
        .collect();
    let ship = &w.ships()[0];
    assert_eq!(ship.sprite(), 0);
    let centre = ship.pose().centre(sizes[0]);
    w.set_sprite(0, 2).expect("ship 0, sprite 2");
    let ship = &w.ships()[0];
    assert_eq!(ship.sprite(), 2);
    let moved = ship.pose().centre(sizes[2]);
    assert!((moved[0] - centre[0]).abs() < 1e-3 && (moved[1] - centre[1]).abs() < 1e-3);
    assert_eq!([ship.hits().width(), ship.hits().height()], sizes[2]);
    assert!(ship.hits().is_empty() && ship.hit_pixels().is_empty());
    for _ in 0..20 {
        w.step();
    }
    let ship = &w.ships()[0];
    assert!(ship.posed().is_for(w.sprites()[2].mask(), &ship.pose()));
    assert!(!ship.posed().is_for(w.sprites()[0].mask(), &ship.pose()));
}

#[test]
fn a_players_ship_stays_put_until_handed_back() {
    let mut w = world(2);
    w.set_player(0, true).expect("ship 0");
    let put = w.ships()[0].pose();
    for _ in 0..5 {
        w.step();
    }
    assert_eq!(w.ships()[0].pose(), put);
    w.set_player(0, false).expect("ship 0");
    for _ in 0..5 {
        w.step();
    }
    assert_ne!(w.ships()[0].pose(), put);
}

#[test]
fn place_player_puts_the_centre_where_from_centre_does() {
    let mut w = world(1);
    w.place_player(0, [100.5, 80.0]).expect("ship 0");
    let image = w.sprites()[0].image();
    let size = [image.width(), image.height()];
    let pose = w.ships()[0].pose();
    let expected = Pose::from_centre([100.5, 80.0], size);
    assert_eq!((pose.x, pose.y), (expected.x, expected.y));
    assert_eq!(pose.centre(size), [100.5, 80.0]);
    assert_eq!(Pose::from_centre([3.0, 4.0], [6, 2]), Pose::at(0.0, 3.0));
}

#[test]
fn hit_map_iter_lists_exactly_the_texels_hit() {
    let mut s = small(6);
    s.ships.sample_interval_ms = 0.0;
    s.ships.colour_min = 0;
    let mut w = World::new(s, sprites(100)).expect("valid");
    let mut seen = 0;
    for _ in 0..60 {
        w.step();
        for ship in w.ships() {
            let hits = ship.hits();
            let listed: Vec<(u32, u32)> = hits.iter().collect();
            assert_eq!(listed.len(), hits.len());
            let mut all = Vec::new();
            for y in 0..hits.height() {
                for x in 0..hits.width() {
                    if hits.contains(x, y) {
                        all.push((x, y));
                    }
                }
            }
            // Row by row, left to right.
            all.sort_by_key(|&(x, y)| (y, x));
            assert_eq!(listed, all);
            seen += listed.len();
        }
    }
    assert!(seen > 0, "some ship was hit");
}

#[test]
fn posed_masks_tell_masks_of_one_size_apart() {
    let a = Mask::from_fn(8, 8, |x, y| x < 4 || y < 4);
    let b = Mask::from_fn(8, 8, |x, _| x % 2 == 0);
    let pose = Pose::at(3.0, 4.0).rotated(0.5);
    let posed = PosedMask::new(&a, &pose);
    assert!(posed.is_for(&a, &pose));
    assert!(!posed.is_for(&b, &pose));
    assert!(!posed.is_for(&a, &pose.scaled(2.0)));
}

#[test]
fn one_rectangle_type_for_overlaps_solid_boxes_and_bounds() {
    let a = Mask::from_fn(6, 4, |x, y| (1..5).contains(&x) && y >= 1);
    assert_eq!(
        a.solid_bounds(),
        Some(PixelRect {
            x0: 1,
            y0: 1,
            x1: 5,
            y1: 4
        })
    );
    let o = hitfield::overlap(&a, &Pose::at(0.0, 0.0), &a, &Pose::at(2.0, 1.0)).expect("touch");
    assert_eq!(o.rect, PixelRect::from_xywh([3, 2, 2, 2]));
    assert_eq!(<[i64; 4]>::from(o.rect), [3, 2, 2, 2]);
    assert_eq!(o.rect.area(), o.count);
    let shared =
        collide::overlap_mask(&a, &Pose::at(0.0, 0.0), &a, &Pose::at(2.0, 1.0)).expect("touch");
    assert_eq!((shared.count(), shared.rect()), (o.count, o.rect));
    assert_eq!(
        shared.iter().collect::<Vec<_>>(),
        vec![(3, 2), (4, 2), (3, 3), (4, 3)]
    );
}

#[test]
fn images_too_large_are_an_error_not_a_panic() {
    let e = RgbaImage::try_new(1 << 31, 1 << 31).expect_err("too large");
    assert_eq!(
        e.to_string(),
        "image is 2147483648×2147483648 pixels; the limit is 8192×8192"
    );
}

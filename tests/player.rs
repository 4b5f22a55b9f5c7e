//! The player's ship, steered and placed through the library with no
//! window: movement, clamping at the canvas edge, turning, and the world
//! leaving a player's ship alone.

use std::f32::consts::{FRAC_PI_2, PI};

use hitfield::settings::Settings;
use hitfield::ships::movement::{PLAYER_BOOST, PLAYER_MAX_DT, PLAYER_SPEED};
use hitfield::ships::{ShipSprite, Steer};
use hitfield::world::{World, WorldError};

fn world(ships: usize) -> World {
    let mut s = Settings::default();
    s.field.width = 400;
    s.field.height = 300;
    s.field.particles = 1000;
    s.ships.count = ships;
    let sprites = ShipSprite::defaults(s.ships.ship_alpha_min);
    World::new(s, sprites).expect("valid settings")
}

fn centre(w: &World, i: usize) -> [f32; 2] {
    let ship = &w.ships()[i];
    let image = &w.sprites()[ship.sprite()].image();
    [
        ship.pose().x + image.width() as f32 / 2.0,
        ship.pose().y + image.height() as f32 / 2.0,
    ]
}

fn right() -> Steer {
    Steer {
        dir: [1.0, 0.0],
        ..Steer::default()
    }
}

#[test]
fn steering_moves_the_ship_at_player_speed_and_marks_it() {
    let mut w = world(3);
    assert_eq!(w.place_player(0, [100.0, 150.0]), Ok(()));
    assert_eq!(w.steer_player(0, right(), 0.05), Ok(()));
    let [x, y] = centre(&w, 0);
    assert!((x - (100.0 + PLAYER_SPEED * 0.05)).abs() < 1e-3, "{x}");
    assert!((y - 150.0).abs() < 1e-3, "{y}");
    assert!(w.ships()[0].is_player());
    assert_eq!(w.ships()[0].velocity(), [PLAYER_SPEED, 0.0]);

    let boost = Steer {
        boost: true,
        ..right()
    };
    w.steer_player(0, boost, 0.01).expect("ship 0");
    let [x2, _] = centre(&w, 0);
    assert!((x2 - x - PLAYER_SPEED * PLAYER_BOOST * 0.01).abs() < 1e-3);
}

#[test]
fn a_long_frame_moves_no_further_than_the_cap_and_bad_times_do_nothing() {
    let mut w = world(1);
    w.place_player(0, [50.0, 50.0]).expect("ship 0");
    w.steer_player(0, right(), 5.0).expect("ship 0");
    let [x, _] = centre(&w, 0);
    assert!(
        (x - (50.0 + PLAYER_SPEED * PLAYER_MAX_DT)).abs() < 1e-3,
        "{x}"
    );
    let before = w.ships()[0].pose();
    for dt in [0.0, -1.0] {
        assert_eq!(w.steer_player(0, right(), dt), Ok(()));
    }
    for dt in [f32::NAN, f32::INFINITY] {
        let e = w.steer_player(0, right(), dt).expect_err("not finite");
        assert_eq!(
            e.to_string(),
            format!("dt is {dt}; it must be a finite number")
        );
    }
    assert_eq!(w.steer_player(0, Steer::default(), 0.05), Ok(()));
    assert_eq!(w.ships()[0].pose(), before);
}

#[test]
fn the_player_stays_on_the_canvas() {
    let mut w = world(1);
    let up_left = Steer {
        dir: [
            -std::f32::consts::FRAC_1_SQRT_2,
            -std::f32::consts::FRAC_1_SQRT_2,
        ],
        ..Steer::default()
    };
    for _ in 0..100 {
        w.steer_player(0, up_left, 0.1).expect("ship 0");
    }
    assert_eq!(centre(&w, 0), [0.0, 0.0]);
    for _ in 0..100 {
        w.steer_player(0, right(), 0.1).expect("ship 0");
    }
    assert_eq!(centre(&w, 0)[0], 400.0);
}

#[test]
fn the_ship_turns_towards_its_direction_the_shorter_way() {
    let mut w = world(1);
    w.place_player(0, [200.0, 150.0]).expect("ship 0");
    // Facing +x; asked to fly down (+y, clockwise on screen): turns by at
    // most the aim rate, clockwise, and arrives after enough steps.
    let facing_right = w.ships()[0].pose().rotated(0.0);
    assert_eq!(w.set_pose(0, facing_right), Ok(()));
    assert_eq!(w.ships()[0].heading(), 0.0);
    let down = Steer {
        dir: [0.0, 1.0],
        ..Steer::default()
    };
    w.steer_player(0, down, 0.01).expect("ship 0");
    let h = w.ships()[0].heading();
    assert!(h > 0.0 && h < 0.2, "{h}");
    for _ in 0..50 {
        w.steer_player(0, down, 0.05).expect("ship 0");
    }
    assert!((w.ships()[0].heading() - FRAC_PI_2).abs() < 1e-4);
    // Rotating ships show their heading.
    assert_eq!(w.ships()[0].pose().rotation, w.ships()[0].heading());
    // Q/E turn on the spot.
    let turn = Steer {
        turn: 1.0,
        ..Steer::default()
    };
    w.steer_player(0, turn, 0.1).expect("ship 0");
    assert!((w.ships()[0].heading() - (FRAC_PI_2 + 0.3)).abs() < 1e-4);
    assert!(w.ships()[0].heading() < 2.0 * PI);
}

#[test]
fn the_world_leaves_the_players_ship_where_the_player_put_it() {
    let mut w = world(4);
    w.place_player(0, [123.0, 45.0]).expect("ship 0");
    let placed = w.ships()[0].pose();
    let other = w.ships()[1].pose();
    for _ in 0..10 {
        w.step();
    }
    assert_eq!(w.ships()[0].pose(), placed);
    assert_ne!(w.ships()[1].pose(), other);
}

#[test]
fn missing_ships_are_reported_not_a_panic() {
    let mut w = world(0);
    let none = Err(WorldError::NoShip { index: 0, count: 0 });
    assert_eq!(w.steer_player(0, right(), 0.1), none);
    assert_eq!(w.place_player(0, [1.0, 1.0]), none);
    let mut w = world(2);
    let e = w.steer_player(5, right(), 0.1).expect_err("no ship 5");
    assert_eq!(
        e.to_string(),
        "ship 5: there is no such ship (the world has 2)"
    );
}

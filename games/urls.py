"""Game pages. Games, rooms and seats appear in URLs by opaque slugs only."""

from django.urls import path

from . import host_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_new, name="game_new"),
    path("account/time-zone/", views.time_zone, name="account_time_zone"),
    path("g/<slug:slug>/", views.game_page, name="game"),
    path("g/<slug:slug>/status/", views.game_status, name="game_status"),
    path("g/<slug:slug>/apply/", views.game_apply, name="game_apply"),
    path("g/<slug:slug>/accelerate/", views.accelerate, name="accelerate"),
    path("g/<slug:slug>/cabinet/", views.cabinet, name="cabinet"),
    path("g/<slug:slug>/cabinet/withdraw/<slug:action_id>/", views.action_withdraw, name="action_withdraw"),
    path("g/<slug:slug>/r/<slug:room_id>/", views.room_page, name="room"),
    path("g/<slug:slug>/r/<slug:room_id>/new/", views.room_new_posts, name="room_new_posts"),
    path("g/<slug:slug>/r/<slug:room_id>/p/<int:number>/", views.post_link, name="post_link"),
    path("g/<slug:slug>/r/<slug:room_id>/p/<int:number>/edit/", views.post_edit, name="post_edit"),
    path("g/<slug:slug>/r/<slug:room_id>/votes/", views.vote_count, name="vote_count"),
    path("g/<slug:slug>/r/<slug:room_id>/vote/", views.vote, name="vote"),
    path("g/<slug:slug>/r/<slug:room_id>/nominate/", views.nominate, name="nominate"),
    path("g/<slug:slug>/host/", host_views.dashboard, name="host"),
    path("g/<slug:slug>/host/accounts/", host_views.accounts, name="host_accounts"),
    path("g/<slug:slug>/host/signup/", host_views.signup_open, name="host_signup_open"),
    path("g/<slug:slug>/host/signup/<slug:player_id>/", host_views.signup_decide, name="host_signup_decide"),
    path("g/<slug:slug>/host/register/", host_views.register_nickname, name="host_register"),
    path("g/<slug:slug>/host/rules/", host_views.house_rules, name="host_rules"),
    path("g/<slug:slug>/host/settings/", host_views.game_settings, name="host_settings"),
    path("g/<slug:slug>/host/draw/", host_views.draw_roles, name="host_draw"),
    path("g/<slug:slug>/host/start/", host_views.start, name="host_start"),
    path("g/<slug:slug>/host/resolve/", host_views.resolve_now, name="host_resolve"),
    path("g/<slug:slug>/host/candidates/", host_views.candidates, name="host_candidates"),
    path("g/<slug:slug>/host/retry/", host_views.retry, name="host_retry"),
    path("g/<slug:slug>/host/extend/", host_views.extend, name="host_extend"),
    path("g/<slug:slug>/host/cohosts/", host_views.cohost_add, name="host_cohost_add"),
    path("g/<slug:slug>/host/cohosts/<int:user_id>/remove/", host_views.cohost_remove, name="host_cohost_remove"),
    path("g/<slug:slug>/host/excuse/<slug:player_id>/", host_views.excuse, name="host_excuse"),
    path("g/<slug:slug>/host/penalty/", host_views.penalty, name="host_penalty"),
    path("g/<slug:slug>/host/replace/", host_views.replace, name="host_replace"),
    path("g/<slug:slug>/host/results/<int:resolution_id>/", host_views.results, name="host_results"),
]

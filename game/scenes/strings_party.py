"""Words of party mode on the desktop (the phone page has its own, in phone.js)."""

from __future__ import annotations

from game.i18n import register

register(
    en={
        "party.phone_seat": "Phone",
        "party.badge_bot": "Bot",
        "party.title": "Party: join with your phone",
        "party.how": "Phones on the same Wi-Fi as this computer: scan your seat's code with the "
                     "camera, or type the address. Nothing to install.",
        "party.waiting": "waiting…",
        "party.joined": "joined",
        "party.start": "Start",
        "party.start_missing": "Start ({n} missing)",
        "party.back": "Back",
        "party.bot_after": "Phone away: bot plays after {n} s",
        "party.bot_never": "Phone away: the match waits",
        "party.no_server": "The party server could not start: {error}",
        "party.away": "{name}'s phone is away: waiting…",
        "party.bot": "{name}'s phone is away: a bot plays for now",
        "party.address": "Address: {address}",
    },
    zh={
        "party.phone_seat": "手机",
        "party.badge_bot": "代打",
        "party.title": "聚会模式：用手机加入",
        "party.how": "手机需连接与本电脑相同的 Wi-Fi：用相机扫描你座位的二维码，或输入地址。无需安装任何东西。",
        "party.waiting": "等待中…",
        "party.joined": "已加入",
        "party.start": "开始",
        "party.start_missing": "开始（还差 {n} 人）",
        "party.back": "返回",
        "party.bot_after": "手机离开：{n} 秒后由电脑代打",
        "party.bot_never": "手机离开：比赛等待",
        "party.no_server": "聚会服务器无法启动：{error}",
        "party.away": "{name} 的手机已离开：等待中…",
        "party.bot": "{name} 的手机已离开：暂由电脑代打",
        "party.address": "地址：{address}",
    },
)

"""Run with Home Assistant's venv (it has aiohttp): `python homeassistant_watch.py URL TOKEN ENTITY
OUTPUT`. Logs in to the websocket API, subscribes to state_changed events, creates OUTPUT once
subscribed, and appends to it the new state of ENTITY at each change, one per line, until it is
terminated: every state the entity took, however briefly, which polling /api/states could miss."""

import asyncio
import json
import sys

import aiohttp


async def main(url: str, token: str, entity: str, output: str) -> None:
    async with aiohttp.ClientSession() as session, session.ws_connect(url + "/api/websocket") as socket:
        assert (await socket.receive_json())["type"] == "auth_required"
        await socket.send_json({"type": "auth", "access_token": token})
        assert (await socket.receive_json())["type"] == "auth_ok"
        await socket.send_json({"id": 1, "type": "subscribe_events", "event_type": "state_changed"})
        assert (await socket.receive_json())["success"]
        with open(output, "a", buffering=1) as lines:
            async for message in socket:
                event = json.loads(message.data).get("event", {})
                data = event.get("data", {})
                if data.get("entity_id") == entity and data.get("new_state"):
                    lines.write(data["new_state"]["state"] + "\n")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))

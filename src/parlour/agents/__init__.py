"""Agents: the protocol, the generic agents, and the spec grammar that names them."""

from parlour.agents.base import Agent, BaseAgent
from parlour.agents.random_agent import RandomAgent
from parlour.agents.specs import agent_names, make_agent, register_agent, resolve_factory

__all__ = [
    "Agent", "BaseAgent", "RandomAgent", "agent_names", "make_agent", "register_agent",
    "resolve_factory",
]

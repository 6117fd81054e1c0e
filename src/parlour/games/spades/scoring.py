"""Scoring one Spades hand for one partnership: contract, bags, Nil, and the bag penalty.

A pure function of the partners' bids and tricks, so the rules can be tested in isolation and a
variant can replace it by overriding `Spades.score_partnership`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One partnership's result for one hand.

    `points` is everything the hand gave (contract, bags, Nil bonuses and penalties, minus any
    bag penalty); `bags` is the running bag count after the penalty was taken off.
    """

    contract: int
    tricks: int
    made: bool
    contract_points: int
    overtricks: int
    nil_points: int
    bag_penalty: int
    points: int
    bags: int


def score_partnership(
    bids: tuple[int, int],
    blind: tuple[bool, bool],
    tricks: tuple[int, int],
    bags_before: int,
    *,
    nil_bonus: int = 100,
    blind_nil_bonus: int = 200,
    bag_limit: int = 10,
    bag_penalty: int = 100,
) -> TeamScore:
    """Score one hand for partners who bid `bids` (0 is Nil) and took `tricks`.

    The contract is the sum of the non-Nil bids, and every trick the partnership took counts
    toward it, a failed Nil bidder's included. Making it scores 10 per contracted trick plus 1
    per overtrick (a bag); falling short loses 10 per contracted trick and takes no bags. Each
    Nil adds its bonus if that bidder took no trick, else subtracts it (Blind Nil: its own
    bonus). Every `bag_limit` accumulated bags cost `bag_penalty` points.
    """
    contract = sum(b for b in bids if b > 0)
    taken = tricks[0] + tricks[1]
    nil_points = 0
    for bid, is_blind, took in zip(bids, blind, tricks, strict=True):
        if bid == 0:
            bonus = blind_nil_bonus if is_blind else nil_bonus
            nil_points += -bonus if took else bonus
    made = taken >= contract
    overtricks = taken - contract if made else 0
    contract_points = 10 * contract + overtricks if made else -10 * contract
    bags = bags_before + overtricks
    penalty = 0
    while bags >= bag_limit:
        bags -= bag_limit
        penalty += bag_penalty
    return TeamScore(
        contract=contract, tricks=taken, made=made, contract_points=contract_points,
        overtricks=overtricks, nil_points=nil_points, bag_penalty=penalty,
        points=contract_points + nil_points - penalty, bags=bags,
    )

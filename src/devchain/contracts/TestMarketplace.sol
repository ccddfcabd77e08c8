// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestDiamond} from "./TestDiamond.sol";

/// A stand-in for the marketplace Diamond with the exact events and view-struct layouts of
/// CHAIN.md. Seeding functions write many sessions per transaction with explicit timestamps,
/// so that a local chain can hold months of history in a few blocks. Fault switches make the
/// views revert, to exercise the indexer's handling of bad data. Closes are counted per
/// (model, provider) like the real contract's getProviderModelStats; a close can be made
/// silently (no SessionClosed log), so that an audit can be shown a missing close. Bids are
/// posted and deleted by the real contract's rules (postModelBid, deleteModelBid: see the bids
/// section), or written without a log (setBid) as bids posted before an index starts. It is a
/// diamond (TestDiamond.sol): a cut can replace or remove the `routed` views, as on the real one.
/// `sessions` and `bids` stay the first state variables: the test facets
/// (tooling/contracts/TestFacets.sol) read them at slots 0 and 1.
contract TestMarketplace is TestDiamond {
    struct Session {
        address user;
        bytes32 bidId;
        uint256 stake;
        bytes closeoutReceipt;
        uint256 closeoutType;
        uint256 providerWithdrawnAmount;
        uint128 openedAt;
        uint128 endsAt;
        uint128 closedAt;
        bool isActive;
        bool isDirectPaymentFromUser;
    }

    struct Bid {
        address provider;
        bytes32 modelId;
        uint256 pricePerSecond;
        uint256 nonce;
        uint128 createdAt;
        uint128 deletedAt;
    }

    struct Model {
        bytes32 ipfsCID;
        uint256 fee;
        uint256 stake;
        address owner;
        string name;
        string[] tags;
        uint128 createdAt;
        bool isDeleted;
    }

    struct OpenInput {
        bytes32 sessionId;
        address user;
        bytes32 bidId;
        uint256 stake;
        uint128 openedAt;
        uint128 endsAt;
    }

    struct CloseInput {
        bytes32 sessionId;
        bytes receipt;
        uint256 closeoutType;
        uint128 closedAt;
        /// Close without emitting SessionClosed: the counters count it, no index ever sees it.
        bool silent;
    }

    struct SD {
        int64 mean;
        int64 sqSum;
    }

    struct ProviderModelStats {
        SD tpsScaled1000;
        SD ttftMs;
        uint32 totalDuration;
        uint32 successCount;
        uint32 totalCount;
    }

    event SessionOpened(address indexed user, bytes32 indexed sessionId, address indexed providerId);
    event SessionClosed(address indexed user, bytes32 indexed sessionId, address indexed providerId);

    mapping(bytes32 => Session) private sessions;
    mapping(bytes32 => Bid) private bids;
    mapping(bytes32 => Model) private models;
    mapping(bytes32 => bool) public sessionReverts;
    mapping(bytes32 => bool) public bidReverts;
    mapping(bytes32 => bool) public modelReverts;
    mapping(bytes32 => mapping(address => ProviderModelStats)) private stats;
    /// A deployment without getProviderModelStats: calls to it revert.
    bool public statsUnavailable;

    function getSession(bytes32 sessionId) external view routed returns (Session memory) {
        require(!sessionReverts[sessionId], "session unavailable");
        return sessions[sessionId];
    }

    function getBid(bytes32 bidId) external view routed returns (Bid memory) {
        require(!bidReverts[bidId], "bid unavailable");
        return bids[bidId];
    }

    function getModel(bytes32 modelId) external view routed returns (Model memory) {
        require(!modelReverts[modelId], "model unavailable");
        return models[modelId];
    }

    /// The counters of closeSession (CHAIN.md): every close counts; a signed one (closeoutType 0)
    /// also counts as a success and adds closedAt - openedAt. The running means are not kept.
    function getProviderModelStats(bytes32 modelId, address provider)
        external
        view
        routed
        returns (ProviderModelStats memory)
    {
        require(!statsUnavailable, "no such function");
        return stats[modelId][provider];
    }

    function setStatsUnavailable(bool unavailable) external {
        statsUnavailable = unavailable;
    }

    /// Sets a model's name from raw bytes, so that tests can store names that are not valid UTF-8.
    function setModel(bytes32 modelId, bytes calldata name) external {
        Model storage m = models[modelId];
        m.name = string(name);
        m.owner = msg.sender;
        if (m.createdAt == 0) m.createdAt = uint128(block.timestamp);
    }

    /// A bid written without a log, with the createdAt it is given (0: the record says nothing of
    /// its posting): a bid posted before an index starts, or a deployment that logs nothing.
    function setBid(bytes32 bidId, address provider, bytes32 modelId, uint256 pricePerSecond, uint128 createdAt)
        external
    {
        bids[bidId] = Bid(provider, modelId, pricePerSecond, 0, createdAt, 0);
    }

    function setReverts(bytes32 id, bool session, bool bid, bool model) external {
        sessionReverts[id] = session;
        bidReverts[id] = bid;
        modelReverts[id] = model;
    }

    function openMany(OpenInput[] calldata inputs) external {
        for (uint256 i = 0; i < inputs.length; i++) {
            OpenInput calldata o = inputs[i];
            Session storage s = sessions[o.sessionId];
            s.user = o.user;
            s.bidId = o.bidId;
            s.stake = o.stake;
            s.openedAt = o.openedAt == 0 ? uint128(block.timestamp) : o.openedAt;
            s.endsAt = o.endsAt;
            s.isActive = true;
            emit SessionOpened(o.user, o.sessionId, bids[o.bidId].provider);
        }
    }

    function closeMany(CloseInput[] calldata inputs) external {
        for (uint256 i = 0; i < inputs.length; i++) {
            CloseInput calldata c = inputs[i];
            Session storage s = sessions[c.sessionId];
            s.closeoutReceipt = c.receipt;
            s.closeoutType = c.closeoutType;
            s.closedAt = c.closedAt == 0 ? uint128(block.timestamp) : c.closedAt;
            s.isActive = false;
            Bid storage bid = bids[s.bidId];
            ProviderModelStats storage counted = stats[bid.modelId][bid.provider];
            counted.totalCount += 1;
            if (c.closeoutType == 0) {
                counted.successCount += 1;
                if (s.closedAt > s.openedAt) counted.totalDuration += uint32(s.closedAt - s.openedAt);
            }
            if (!c.silent) emit SessionClosed(s.user, c.sessionId, bid.provider);
        }
    }

    /// Emits a SessionClosed log without touching storage: a log whose session state disagrees.
    function emitClosed(address user, bytes32 sessionId, address provider) external {
        emit SessionClosed(user, sessionId, provider);
    }

    // ---- The diamond (TestDiamond.sol): the views a cut can replace or remove ----

    function ownSelectors() internal pure override returns (bytes4[] memory own) {
        own = new bytes4[](4);
        own[0] = this.getSession.selector;
        own[1] = this.getBid.selector;
        own[2] = this.getModel.selector;
        own[3] = this.getProviderModelStats.selector;
    }

    // ---- Bids by the real contract's rules (its Marketplace facet), for a living order book ----

    event MarketplaceBidPosted(address indexed provider, bytes32 indexed modelId, uint256 nonce);
    event MarketplaceBidDeleted(address indexed provider, bytes32 indexed modelId, uint256 nonce);

    /// The next nonce of each (provider, model) pair, by keccak256(abi.encodePacked(provider, modelId)).
    mapping(bytes32 => uint256) private providerModelNonce;

    /// postModelBid of the real contract, posted for `provider` (one seeding account posts for all):
    /// the pair's next nonce; bidId = keccak256(abi.encodePacked(provider, modelId, nonce)); the
    /// pair's active bid deleted in the same transaction (MarketplaceBidDeleted, then
    /// MarketplaceBidPosted); createdAt the block time.
    function postModelBid(address provider, bytes32 modelId, uint256 pricePerSecond) external returns (bytes32 bidId) {
        uint256 nonce = providerModelNonce[keccak256(abi.encodePacked(provider, modelId))]++;
        bidId = keccak256(abi.encodePacked(provider, modelId, nonce));
        if (nonce != 0) {
            bytes32 oldBidId = keccak256(abi.encodePacked(provider, modelId, nonce - 1));
            if (isBidActive(oldBidId)) deleteBid(oldBidId);
        }
        Bid storage bid = bids[bidId];
        bid.provider = provider;
        bid.modelId = modelId;
        bid.pricePerSecond = pricePerSecond;
        bid.nonce = nonce;
        bid.createdAt = uint128(block.timestamp);
        emit MarketplaceBidPosted(provider, modelId, nonce);
    }

    /// deleteModelBid of the real contract: an active bid only; it keeps its record, getBid shows
    /// deletedAt (the block time).
    function deleteModelBid(bytes32 bidId) external {
        require(isBidActive(bidId), "no active bid");
        deleteBid(bidId);
    }

    function isBidActive(bytes32 bidId) public view returns (bool) {
        return bids[bidId].createdAt != 0 && bids[bidId].deletedAt == 0;
    }

    function deleteBid(bytes32 bidId) private {
        Bid storage bid = bids[bidId];
        bid.deletedAt = uint128(block.timestamp);
        emit MarketplaceBidDeleted(bid.provider, bid.modelId, bid.nonce);
    }
}

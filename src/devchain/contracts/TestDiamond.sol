// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// What makes the test marketplace an EIP-2535 diamond, as far as an indexer can tell: a selector
/// map changed by `diamondCut`, which emits `DiamondCut` exactly as the real diamond does
/// (CHAIN.md, "Upgrades"), and `facetAddress(bytes4)`. The marketplace serves its own functions
/// (facetAddress names the marketplace itself) until a cut replaces or removes them: a function
/// marked `routed` is then run by the facet the map names (delegatecall, so the facet works on the
/// marketplace's storage, as a real facet does), or reverts once removed. Functions added by a cut
/// are reached through the fallback.
///
/// The map lives in a storage slot of its own (the diamond-storage pattern), so that the
/// marketplace's state variables keep their slots (a facet may declare the same layout and read
/// them), and no constructor writes storage (deployMarketplace copies the runtime code to a
/// preset's address). Anyone may cut: it is a test contract.
abstract contract TestDiamond {
    enum FacetCutAction {
        Add,
        Replace,
        Remove
    }

    struct FacetCut {
        address facetAddress;
        FacetCutAction action;
        bytes4[] functionSelectors;
    }

    event DiamondCut(FacetCut[] facets, address initFacet, bytes initData);

    error FunctionRemoved(bytes4 selector);
    error FunctionNotFound(bytes4 selector);
    error CannotAdd(bytes4 selector);
    error CannotReplace(bytes4 selector);
    error CannotRemove(bytes4 selector);
    error NoCode(address facet);
    error InitFailed(address initFacet);

    struct CutState {
        /// The facet serving a selector, when a cut routed it; zero: the marketplace itself.
        mapping(bytes4 => address) facets;
        /// A selector a cut removed.
        mapping(bytes4 => bool) removed;
    }

    bytes32 private constant CUT_SLOT = keccak256("mor-throughput.test-diamond.cuts");

    /// The address this code was deployed at: a facet that is itself a TestMarketplace, run by
    /// delegatecall for a selector the map routes to it, serves the call instead of routing again.
    address private immutable self = address(this);

    /// The selectors the marketplace serves itself until a cut replaces or removes them.
    function ownSelectors() internal pure virtual returns (bytes4[] memory);

    function facetAddress(bytes4 selector) public view returns (address) {
        CutState storage cuts = cutState();
        if (cuts.removed[selector]) return address(0);
        address facet = cuts.facets[selector];
        if (facet != address(0)) return facet;
        return isOwn(selector) ? address(this) : address(0);
    }

    /// EIP-2535's rules: add only what nothing serves, replace only what something serves (by
    /// another facet), remove only what something serves (facetAddress zero); then `initFacet`
    /// is delegatecalled with `initData`, when given.
    function diamondCut(FacetCut[] calldata facets, address initFacet, bytes calldata initData) external {
        CutState storage cuts = cutState();
        for (uint256 i = 0; i < facets.length; i++) {
            FacetCut calldata cut = facets[i];
            for (uint256 j = 0; j < cut.functionSelectors.length; j++) {
                bytes4 selector = cut.functionSelectors[j];
                address current = facetAddress(selector);
                if (cut.action == FacetCutAction.Remove) {
                    if (cut.facetAddress != address(0) || current == address(0)) revert CannotRemove(selector);
                    cuts.removed[selector] = true;
                    cuts.facets[selector] = address(0);
                    continue;
                }
                if (cut.facetAddress.code.length == 0) revert NoCode(cut.facetAddress);
                if (cut.action == FacetCutAction.Add && current != address(0)) revert CannotAdd(selector);
                if (cut.action == FacetCutAction.Replace && (current == address(0) || current == cut.facetAddress)) {
                    revert CannotReplace(selector);
                }
                cuts.removed[selector] = false;
                cuts.facets[selector] = cut.facetAddress;
            }
        }
        emit DiamondCut(facets, initFacet, initData);
        if (initFacet != address(0)) {
            (bool ok,) = initFacet.delegatecall(initData);
            if (!ok) revert InitFailed(initFacet);
        }
    }

    /// On a routed function: served here, by the facet a cut routed it to, or not at all.
    modifier routed() {
        address facet = routeOf(msg.sig);
        if (facet == address(0)) {
            _;
        } else {
            delegateView(facet);
        }
    }

    /// Functions added by a cut, served by their facet.
    fallback() external payable {
        CutState storage cuts = cutState();
        if (cuts.removed[msg.sig]) revert FunctionRemoved(msg.sig);
        address facet = cuts.facets[msg.sig];
        if (facet == address(0)) revert FunctionNotFound(msg.sig);
        delegate(facet);
    }

    /// Zero: serve here (not cut, or cut to this very code); else the facet to delegate to.
    function routeOf(bytes4 selector) private view returns (address) {
        CutState storage cuts = cutState();
        if (cuts.removed[selector]) revert FunctionRemoved(selector);
        address facet = cuts.facets[selector];
        if (facet == self || facet == address(this)) return address(0);
        return facet;
    }

    function isOwn(bytes4 selector) private pure returns (bool) {
        bytes4[] memory own = ownSelectors();
        for (uint256 i = 0; i < own.length; i++) {
            if (own[i] == selector) return true;
        }
        return false;
    }

    function cutState() private pure returns (CutState storage cuts) {
        bytes32 slot = CUT_SLOT;
        assembly {
            cuts.slot := slot
        }
    }

    /// Runs the call in `facet` and returns (or reverts) with what it returned: never returns here.
    function delegate(address facet) private {
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), facet, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    /// `delegate` from a view function: eth_call runs it like any call (a view facet writes nothing).
    function delegateView(address facet) private view {
        function(address) internal run = delegate;
        function(address) internal view asView;
        assembly {
            asView := run
        }
        asView(facet);
    }
}
